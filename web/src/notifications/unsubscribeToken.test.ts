import { describe, expect, it } from 'vitest';
import { kindsOfToken } from './unsubscribeToken.ts';

const body = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('kindsOfToken', () => {
  it("reads the kinds of a token's body", () => {
    expect(kindsOfToken(`u1.${body([3, 41, ['comment', 'idea_updated']])}.sig`)).toEqual([
      'comment',
      'idea_updated',
    ]);
  });

  it('answers nothing for a token it cannot read or that names unknown kinds', () => {
    for (const token of ['', 'nonsense', 'u1.%%%.sig', `u1.${body([3, 41, ['spam']])}.sig`]) {
      expect(kindsOfToken(token)).toEqual([]);
    }
  });
});
