import { describe, expect, it } from 'vitest';
import { sectionLimits } from './profileMessages.ts';
import { profileUpdateBody } from './profiles.ts';

const DOI_MESSAGE = 'DOI must be a DOI such as 10.1000/xyz123.';
const base = { first_name: 'Marie', last_name: 'Curie', bio: 'Physicist' };
const parse = (body: Record<string, unknown>) => profileUpdateBody.safeParse({ ...base, ...body });
const issues = (body: Record<string, unknown>) =>
  (parse(body).error?.issues ?? []).map((issue) => ({
    field: issue.path.join('.'),
    error: issue.message,
  }));

describe('a publication (CONTRACT §10)', () => {
  it('takes a DOI, venue and URL, normalising the DOI and giving the URL a scheme', () => {
    const result = parse({
      publications: [
        {
          title: 'Radioactive substances',
          doi: ' https://doi.org/10.1000/ABC.1 ',
          venue: ' Annales de chimie ',
          url: 'example.org/paper',
        },
      ],
    });
    expect(result.data?.publications).toEqual([
      {
        title: 'Radioactive substances',
        authors: '',
        year: null,
        citations: null,
        doi: '10.1000/abc.1',
        venue: 'Annales de chimie',
        url: 'https://example.org/paper',
      },
    ]);
  });

  it('reads a blank or missing DOI and URL as none', () => {
    const result = parse({
      publications: [{ title: 'A' }, { title: 'B', doi: '  ', url: '', venue: null }],
    });
    expect(result.data?.publications?.map(({ doi, url, venue }) => ({ doi, url, venue }))).toEqual([
      { doi: null, url: null, venue: '' },
      { doi: null, url: null, venue: '' },
    ]);
  });

  it('names a DOI, URL or venue that does not fit by its path', () => {
    expect(
      issues({
        publications: [
          { title: 'A', doi: 'not a doi', url: 'javascript:alert(1)', venue: 'v'.repeat(301) },
          { title: 'B', doi: 42 },
        ],
      }),
    ).toEqual([
      { field: 'publications.0.doi', error: DOI_MESSAGE },
      { field: 'publications.0.venue', error: 'Venue must be at most 300 characters.' },
      { field: 'publications.0.url', error: 'URL must be a valid URL' },
      { field: 'publications.1.doi', error: DOI_MESSAGE },
    ]);
  });
});

describe('section limits (CONTRACT §10)', () => {
  it('holds 1000 publications and 100 entries of every other section', () => {
    expect(sectionLimits).toEqual({
      education: 100,
      most_recent_experience: 100,
      patents: 100,
      projects: 100,
      publications: 1000,
      grants: 100,
    });
    const full = {
      publications: Array.from({ length: 1000 }, (_, i) => ({ title: `P${i}` })),
      grants: Array.from({ length: 100 }, () => ({ title: 'G' })),
      education: Array.from({ length: 100 }, () => ({ institution: 'U' })),
    };
    expect(parse(full).success).toBe(true);
  });

  it('refuses one more with the label and the limit', () => {
    expect(
      issues({
        publications: Array.from({ length: 1001 }, () => ({ title: 'P' })),
        projects: Array.from({ length: 101 }, () => ({ title: 'P' })),
        most_recent_experience: Array.from({ length: 101 }, () => ({ title: 'T' })),
      }),
    ).toEqual([
      { field: 'most_recent_experience', error: 'Experience must have at most 100 entries.' },
      { field: 'projects', error: 'Projects must have at most 100 entries.' },
      { field: 'publications', error: 'Publications must have at most 1000 entries.' },
    ]);
  });
});
