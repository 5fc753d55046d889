import { describe, expect, it } from 'vitest';
import { doisProblem } from './doiCheck.ts';

describe('doisProblem', () => {
  it('passes DOIs in any of their written forms', () => {
    expect(doisProblem(['10.5555/12345678', 'https://doi.org/10.1038/171737a0'])).toBeNull();
  });

  it("names the first entry that is not a DOI, in CONTRACT §10's words", () => {
    expect(doisProblem(['10.5555/12345678', 'not-a-doi', 'nor-this'])).toBe(
      "'not-a-doi' is not a DOI.",
    );
  });

  it('asks for at least one and at most 50', () => {
    expect(doisProblem([])).toBe('Please enter at least one DOI.');
    expect(doisProblem(Array.from({ length: 51 }, (_, i) => `10.5555/${i}`))).toBe(
      'Please enter at most 50 DOIs.',
    );
  });
});
