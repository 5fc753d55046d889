// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bioToText, textToBio } from './bioText.ts';

const demoBio =
  '<p>I direct the <strong>Soft Bioelectronics Lab</strong>, where we build sensors.</p><p>Our current focus areas:</p><ul><li>wearable lactate monitoring</li><li>paper microfluidics</li></ul><p>Line one<br>line two</p>';

describe('bioToText', () => {
  it('turns paragraphs into blocks and list items into bullet lines', () => {
    expect(bioToText(demoBio)).toBe(
      'I direct the Soft Bioelectronics Lab, where we build sensors.\n\nOur current focus areas:\n\n• wearable lactate monitoring\n• paper microfluidics\n\nLine one\nline two',
    );
  });

  it('reads entities as the characters they stand for and loose text as a paragraph', () => {
    expect(bioToText('Fish &amp; chips &lt;3')).toBe('Fish & chips <3');
    expect(bioToText('')).toBe('');
  });
});

describe('textToBio', () => {
  it('makes paragraphs, line breaks and lists, escaping markup', () => {
    expect(textToBio('Hello <b>world</b> & co\nsecond line\n\n• one\n- two\r\n\r\n\r\nEnd')).toBe(
      '<p>Hello &lt;b&gt;world&lt;/b&gt; &amp; co<br>second line</p><ul><li>one</li><li>two</li></ul><p>End</p>',
    );
  });

  it('round-trips the text of a bio', () => {
    const text = bioToText(demoBio);
    expect(bioToText(textToBio(text))).toBe(text);
  });

  it('has nothing for blank text', () => {
    expect(textToBio(' \n\n ')).toBe('');
  });
});
