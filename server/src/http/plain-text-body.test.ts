import { describe, expect, it } from 'vitest';
import { fieldsWithNul } from './plain-text-body.ts';

describe('fieldsWithNul', () => {
  it('names each field holding a NUL, however deep, and nothing else', () => {
    expect(
      fieldsWithNul({
        title: 'fine',
        problem: 'a\u0000b',
        urls: [{ url: 'https://x.org', title: 'ok' }, { title: '\u0000' }],
        styles: { colors: { primary: '#fff\u0000' } },
      }),
    ).toEqual([
      { field: 'problem', error: 'problem must be plain text.' },
      { field: 'urls.1.title', error: 'urls.1.title must be plain text.' },
      { field: 'styles.colors.primary', error: 'styles.colors.primary must be plain text.' },
    ]);
  });

  it('finds a lone surrogate, which no UTF-8 text can hold, and passes a pair', () => {
    expect(fieldsWithNul({ name: '\ud800', ok: '\ud83d\ude00' })).toEqual([
      { field: 'name', error: 'name must be plain text.' },
    ]);
    expect(fieldsWithNul({ '\udc00': 1 })).toHaveLength(1);
  });

  it('finds a NUL in a key and in a bare string body', () => {
    expect(fieldsWithNul({ 'a\u0000': 1 })).toHaveLength(1);
    expect(fieldsWithNul('\u0000')).toEqual([{ field: 'body', error: 'body must be plain text.' }]);
  });

  it('passes text without one, numbers, nulls and empty bodies', () => {
    expect(fieldsWithNul({ a: 'line\nbreak', b: 1, c: null, d: [true] })).toEqual([]);
    expect(fieldsWithNul(null)).toEqual([]);
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(fieldsWithNul(deep)).toHaveLength(1);
  });

  it('reports at most ten fields', () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(fieldsWithNul(body)).toHaveLength(10);
  });
});
