import { describe, expect, it } from 'vitest';
import { pickable, pickerName } from './pickable.ts';

describe('pickable', () => {
  const list = [
    { id: 1, name: 'Funding', is_active: true },
    { id: 2, name: 'Licensing', is_active: false },
    { id: 3, name: 'Mentorship' },
  ];

  it('offers active entries and those persisted before the flag existed', () => {
    expect(pickable(list, []).map((e) => e.id)).toEqual([1, 3]);
  });

  it('keeps a deactivated entry that is already chosen', () => {
    expect(pickable(list, [2, null]).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('names a deactivated entry as such, the others as they are', () => {
    expect(list.map(pickerName)).toEqual(['Funding', 'Licensing (deactivated)', 'Mentorship']);
  });
});
