import { describe, expect, it } from 'vitest';
import { waitedLabel, waitText } from './waited.ts';

describe('waitedLabel', () => {
  it('names the largest whole unit', () => {
    expect(waitedLabel(0)).toBe('under a minute');
    expect(waitedLabel(60)).toBe('1 minute');
    expect(waitedLabel(7_199)).toBe('1 hour');
    expect(waitedLabel(3 * 86_400 + 5)).toBe('3 days');
  });

  it('says whether the request was answered', () => {
    expect(waitText(5, true)).toBe('answered within a minute');
    expect(waitText(5, false)).toBe('waiting for under a minute');
    expect(waitText(7_200, true)).toBe('answered after 2 hours');
    expect(waitText(86_400, false)).toBe('waiting for 1 day');
  });
});
