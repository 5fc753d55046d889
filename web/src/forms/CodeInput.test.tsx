// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeInput } from './CodeInput.tsx';

afterEach(cleanup);

let current = '';

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  current = value;
  return (
    <CodeInput
      label="Confirmation code"
      value={value}
      onChange={(next) => {
        current = next;
        setValue(next);
      }}
      error={error}
    />
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const type = (n: number, text: string) => fireEvent.change(box(n), { target: { value: text } });

describe('CodeInput', () => {
  it('shows six labelled boxes in a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Confirmation code' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  it('moves to the next box after each digit', () => {
    render(<Harness />);
    act(() => box(1).focus());
    type(1, '4');
    expect(document.activeElement).toBe(box(2));
    type(2, '2');
    expect(current).toBe('42');
    expect(document.activeElement).toBe(box(3));
  });

  it('ignores anything but digits', () => {
    render(<Harness />);
    type(1, 'a');
    expect(current).toBe('');
    expect((box(1) as HTMLInputElement).value).toBe('');
  });

  it('replaces a digit typed over an existing one', () => {
    render(<Harness initial="123456" />);
    type(3, '39');
    expect(current).toBe('129456');
  });

  it('fills every box from a pasted code and focuses the last', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 987-654 ' } });
    expect(current).toBe('987654');
    expect(document.activeElement).toBe(box(6));
  });

  it('fills from the box pasted into when the paste is shorter than a code', () => {
    render(<Harness initial="1" />);
    fireEvent.paste(box(2), { clipboardData: { getData: () => '23' } });
    expect(current).toBe('123');
    expect(document.activeElement).toBe(box(4));
  });

  it('takes a whole code the browser autofills into the first box', () => {
    render(<Harness />);
    type(1, '246810');
    expect(current).toBe('246810');
  });

  it('steps back and clears the previous digit on Backspace in an empty box', () => {
    render(<Harness initial="12" />);
    act(() => box(3).focus());
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(current).toBe('1');
    expect(document.activeElement).toBe(box(2));
  });

  it('keeps a gap where a middle digit is cleared, so the code stays incomplete', () => {
    render(<Harness initial="123456" />);
    type(3, '');
    expect(current).toBe('12 456');
  });

  it('moves between boxes with the arrow keys', () => {
    render(<Harness />);
    act(() => box(2).focus());
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(2));
  });

  it('ties the error to the group and marks the empty boxes invalid', () => {
    render(<Harness initial="12" error="Please enter a 6-digit confirmation code." />);
    const group = screen.getByRole('group', { name: 'Confirmation code' });
    const errorId = group.getAttribute('aria-describedby');
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(
      'Please enter a 6-digit confirmation code.',
    );
    expect(box(1).getAttribute('aria-invalid')).toBeNull();
    expect(box(3).getAttribute('aria-invalid')).toBe('true');
  });
});
