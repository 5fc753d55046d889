import { describe, expect, it } from 'vitest';
import { doiUrl, normaliseDoi } from './doi.ts';

describe('normaliseDoi', () => {
  it('keeps one form of a DOI however it was written: lower case, no resolver prefix', () => {
    for (const written of [
      '10.1038/NATURE12373',
      ' https://doi.org/10.1038/nature12373 ',
      'http://dx.doi.org/10.1038/Nature12373',
      'HTTPS://DOI.ORG/10.1038/nature12373',
      'doi.org/10.1038/nature12373',
      'doi:10.1038/nature12373',
      'DOI: 10.1038/nature12373',
    ])
      expect(normaliseDoi(written)).toBe('10.1038/nature12373');
  });

  it.each([
    ['10.12345.6/sub.code', '10.12345.6/sub.code'],
    ['10.1000/a/b/c', '10.1000/a/b/c'],
    [
      'doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
      '10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0',
    ],
  ])('takes sub-coded registrants and suffixes of any visible characters: %j', (value, doi) => {
    expect(normaliseDoi(value)).toBe(doi);
  });

  it('is null for what is not a DOI', () => {
    for (const text of [
      '',
      '   ',
      'nature12373',
      '10.12/short-prefix',
      '10.1038',
      '10.1038/',
      '11.1038/nature12373',
      '10.1038/has space',
      'https://example.org/10.1038/nature12373',
      'urn:doi:10.1038/nature12373',
      `10.1038/${'x'.repeat(300)}`,
    ])
      expect(normaliseDoi(text)).toBeNull();
  });
});

describe('doiUrl', () => {
  it('links through doi.org, escaping what would end the path', () => {
    expect(doiUrl('10.1038/nature12373')).toBe('https://doi.org/10.1038/nature12373');
    expect(doiUrl('10.1000/a#b?c')).toBe('https://doi.org/10.1000/a%23b%3Fc');
  });
});
