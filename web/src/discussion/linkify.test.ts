import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('makes http, https and www addresses links and keeps the rest as text', () => {
    expect(linkify('See https://example.org/a?b=1, or www.example.com.\nThanks')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', or ' },
      { text: 'www.example.com', href: 'https://www.example.com/' },
      { text: '.\nThanks' },
    ]);
  });

  it('never links another scheme and leaves markup as text', () => {
    const text = 'javascript:alert(1) <img src=x onerror=alert(1)> data:text/html,hi';
    expect(linkify(text)).toEqual([{ text }]);
  });

  it('keeps a quote or bracket out of the address', () => {
    expect(linkify('(https://example.org/x)')).toEqual([
      { text: '(' },
      { text: 'https://example.org/x', href: 'https://example.org/x' },
      { text: ')' },
    ]);
  });
});
