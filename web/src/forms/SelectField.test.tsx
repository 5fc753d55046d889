// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pickable } from '../lookups/pickable.ts';
import { SelectField } from './SelectField.tsx';

afterEach(cleanup);

const schools = [
  { id: 1, name: 'Engineering', is_active: true },
  { id: 2, name: 'Alchemy', is_active: false },
  { id: 3, name: 'Astrology', is_active: false },
];

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const field = (value: number | null) =>
  render(
    <SelectField
      label="School"
      options={pickable(schools, [value])}
      value={value}
      onChange={() => {}}
      clearable
    />,
  );

describe('SelectField with deactivated entries', () => {
  it('shows a deactivated choice already made as selected, marked, and offers no other', () => {
    field(2);
    const select = screen.getByLabelText('School') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Alchemy (deactivated)');
    expect(Array.from(select.options, (o) => o.textContent)).toEqual([
      'Select an option',
      'Engineering',
      'Alchemy (deactivated)',
    ]);
    // A phone cuts a long name short, so a note beside the field says it too.
    expect(descriptionOf(select)).toBe('No longer offered: you can keep it or choose another.');
  });

  it('offers only active entries when none is chosen', () => {
    field(null);
    const select = screen.getByLabelText('School') as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.textContent)).toEqual([
      'Select an option',
      'Engineering',
    ]);
    expect(descriptionOf(select)).toBe('');
  });
});
