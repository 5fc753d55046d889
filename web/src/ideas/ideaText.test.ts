import { describe, expect, it } from 'vitest';
import { cutTitle, fullName, postedLabel } from './ideaText.ts';

describe('cutTitle', () => {
  it('keeps a title of up to 120 characters as it is', () => {
    const exact = 'a'.repeat(120);
    expect(cutTitle(exact)).toBe(exact);
    expect(cutTitle('Short')).toBe('Short');
  });

  it("cuts a longer title at 120 characters and adds '...'", () => {
    const long = `${'b'.repeat(120)}tail`;
    expect(cutTitle(long)).toBe(`${'b'.repeat(120)}...`);
  });
});

describe('postedLabel', () => {
  const now = new Date(2026, 4, 20, 9, 30);

  it("says 'Posted today' on the day of posting, even a minute before midnight", () => {
    expect(postedLabel(new Date(2026, 4, 20, 0, 1).toISOString(), now)).toBe('Posted today');
    expect(postedLabel(new Date(2026, 4, 20, 23, 59).toISOString(), now)).toBe('Posted today');
  });

  it('counts whole calendar days since the day of posting', () => {
    expect(postedLabel(new Date(2026, 4, 19, 23, 59).toISOString(), now)).toBe('Posted 1d ago');
    expect(postedLabel(new Date(2026, 3, 20, 12, 0).toISOString(), now)).toBe('Posted 30d ago');
    expect(postedLabel(new Date(2025, 4, 20, 12, 0).toISOString(), now)).toBe('Posted 365d ago');
  });

  it('reads a date in the future as today and an unreadable one as nothing', () => {
    expect(postedLabel(new Date(2026, 4, 22).toISOString(), now)).toBe('Posted today');
    expect(postedLabel('not a date', now)).toBe('');
  });
});

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
  });
});
