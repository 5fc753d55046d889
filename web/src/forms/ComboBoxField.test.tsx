// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComboBoxField, type ComboBoxItem } from './ComboBoxField.tsx';

afterEach(cleanup);

// jsdom keeps a popover hidden (it has no top layer), so the queries look past that.

const people: ComboBoxItem[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Alan Turing' },
  { id: 3, name: 'Grace Hopper' },
];

let chosen: ComboBoxItem | null = null;

function Harness() {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ComboBoxItem | null>(null);
  const items = people.filter((p) => p.name.toLowerCase().includes(text.toLowerCase()));
  return (
    <ComboBoxField
      label="Person"
      placeholder="Search by name"
      inputValue={text}
      onInputChange={setText}
      items={items}
      selected={selected}
      onSelect={(item) => {
        chosen = item;
        setSelected(item);
        setText(item.name);
      }}
      emptyMessage="No matching people"
      classes={{}}
    />
  );
}

const box = () => screen.getByRole('combobox', { name: 'Person' });
const key = (key: string) => fireEvent.keyDown(box(), { key });

describe('ComboBoxField', () => {
  it('lists the matches for the text typed', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'a' } });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
    ]);
    fireEvent.change(box(), { target: { value: 'tur' } });
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Alan Turing',
    ]);
  });

  it('moves through the list with the arrows and chooses with Enter', () => {
    render(<Harness />);
    act(() => box().focus());
    key('ArrowDown');
    key('ArrowDown');
    const active = box().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Alan Turing');
    key('Enter');
    expect(chosen).toEqual(people[1]);
    expect((box() as HTMLInputElement).value).toBe('Alan Turing');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });

  it('says so when nothing matches, and closes on Escape', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'zz' } });
    expect(screen.getByText('No matching people')).toBeTruthy();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    key('Escape');
    expect(screen.queryByText('No matching people')).toBeNull();
  });

  it('chooses with a click and puts the chosen name back when the box is left', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'gr' } });
    fireEvent.click(screen.getByRole('option', { name: 'Grace Hopper', hidden: true }));
    expect(chosen).toEqual(people[2]);
    fireEvent.change(box(), { target: { value: 'Gra' } });
    fireEvent.blur(box());
    expect((box() as HTMLInputElement).value).toBe('Grace Hopper');
  });
});
