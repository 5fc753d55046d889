import { describe, expect, it } from 'vitest';
import { normaliseDoi } from './doi.ts';

describe('normaliseDoi', () => {
  it('keeps one form of a DOI however it was written: lower case, no resolver prefix', () => {
    for (const written of [
      '10.1038/NATURE12373',
      ' https://doi.org/10.1038/nature12373 ',
      'http://dx.doi.org/10.1038/Nature12373',
      'doi:10.1038/nature12373',
      'DOI: 10.1038/nature12373',
    ])
      expect(normaliseDoi(written)).toBe('10.1038/nature12373');
  });

  it('is null for what is not a DOI', () => {
    for (const text of [
      '',
      'nature12373',
      '10.12/short-prefix',
      '10.1038/',
      `10.1038/${'x'.repeat(300)}`,
    ])
      expect(normaliseDoi(text)).toBeNull();
  });
});
