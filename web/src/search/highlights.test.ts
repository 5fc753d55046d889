import { describe, expect, it } from 'vitest';
import { parseHighlight } from './highlights.ts';

describe('parseHighlight', () => {
  it('splits an excerpt into plain and marked runs', () => {
    expect(
      parseHighlight('Solid <mark>battery</mark> cells for <mark>grid</mark> storage'),
    ).toEqual([
      { text: 'Solid ', marked: false },
      { text: 'battery', marked: true },
      { text: ' cells for ', marked: false },
      { text: 'grid', marked: true },
      { text: ' storage', marked: false },
    ]);
  });

  it('unescapes the five entities the server writes, once', () => {
    expect(parseHighlight('&lt;b&gt; &amp; &quot;q&quot; it&#39;s &amp;lt;')).toEqual([
      { text: '<b> & "q" it\'s &lt;', marked: false },
    ]);
  });

  it('keeps an escaped tag inside a mark as text', () => {
    expect(parseHighlight('<mark>&lt;script&gt;</mark>')).toEqual([
      { text: '<script>', marked: true },
    ]);
  });

  it('leaves any other tag as visible text and leaves unknown entities alone', () => {
    expect(parseHighlight('<b>bold</b> &nbsp;')).toEqual([
      { text: '<b>bold</b> &nbsp;', marked: false },
    ]);
  });

  it('joins neighbouring marks and copes with an unclosed or stray mark', () => {
    expect(parseHighlight('<mark>a</mark><mark>b</mark></mark> c <mark>d')).toEqual([
      { text: 'ab', marked: true },
      { text: ' c ', marked: false },
      { text: 'd', marked: true },
    ]);
    expect(parseHighlight('')).toEqual([]);
  });
});
