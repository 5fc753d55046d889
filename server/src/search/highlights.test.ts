import { limits } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { highlightsOf } from './highlights.ts';

const S = '\u0001';
const E = '\u0002';
const F = '\u0003';

/** ts_headline's output as the database gives it (highlights.ts): marks, fragments, stand-ins. */
describe('highlightsOf', () => {
  it('escapes every character but the marks, the stand-ins for <, > and & included', () => {
    expect(highlightsOf(`a "b" 'c' \u0004i\u0005 \u0006 ${S}gauge${E} <x>`)).toEqual([
      'a &quot;b&quot; &#39;c&#39; &lt;i&gt; &amp; <mark>gauge</mark> &lt;x&gt;',
    ]);
  });

  it('keeps fragments with a match only, at most three', () => {
    const raw = [`one ${S}a${E}`, 'none', `two ${S}b${E}`, `three ${S}c${E}`, `four ${S}d${E}`];
    expect(highlightsOf(raw.join(F))).toEqual([
      'one <mark>a</mark>',
      'two <mark>b</mark>',
      'three <mark>c</mark>',
    ]);
    expect(highlightsOf(null)).toEqual([]);
  });

  it('cuts a long excerpt with an ellipsis, never inside an entity or a mark', () => {
    const long = `${S}start${E} ${'&'.repeat(400)}`.replaceAll('&', '\u0006');
    const [text] = highlightsOf(long);
    expect(text?.length).toBeLessThanOrEqual(limits.highlightChars);
    expect(text).toMatch(/^<mark>start<\/mark> (&amp;)+…$/);
    const marks = `${'word '.repeat(39)}${S}${'x'.repeat(30)}${E}`;
    expect(highlightsOf(marks)[0]).toBe(`${'word '.repeat(39).trim()}…`);
  });
});
