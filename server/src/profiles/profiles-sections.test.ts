import { userProfile } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseBody, type ProfilesWorld, profilesWorld } from './test-fixtures.ts';

describe('PUT /profiles/{id}: sections', () => {
  let w: ProfilesWorld;

  beforeAll(async () => {
    w = await profilesWorld();
  });
  afterAll(() => w.t.close());

  it('saves the sections with validated shapes, and names failing entries by path', async () => {
    const sections = {
      education: [
        {
          institution: 'Sorbonne',
          degree: 'DSc',
          start_year: 1994,
          end_year: 2003,
          activities: '',
        },
      ],
      most_recent_experience: [
        {
          title: 'Professor',
          organization: 'Sorbonne',
          employment_type: 'Full-time',
          start_date: '2006-11-05',
          end_date: null,
          description: 'Chair of physics',
        },
      ],
      patents: [{ title: 'Radium', patent_number: 'FR 123', issue_date: null }],
      projects: [
        { title: 'Radium Institute', start_date: '2009-01-01', end_date: null, description: '' },
      ],
      publications: [
        { title: 'Radioactive substances', authors: 'M. Curie', year: 2003, citations: 900 },
      ],
      grants: [
        { organization: 'Carnegie', grant_number: 'C-1', title: 'Research', description: '' },
      ],
    };
    const bad = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      ...sections,
      education: [{ institution: 'Sorbonne', start_year: 'soon' }],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details).toEqual([
      { field: 'education.0.start_year', error: 'Start year must be a year.' },
    ]);
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      ...sections,
    });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({
      ...sections,
      total_citations: 900,
      oldest_publication_year: 2003,
    });

    const invalid = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      most_recent_experience: [
        { title: 'ok', start_date: '2020-01-01', end_date: '2019-01-01' },
        { title: '', start_date: '2020-13-45' },
      ],
      publications: [{ title: 'P', citations: -1 }],
      grants: Array.from({ length: 101 }, () => ({ title: 'G' })),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).details).toEqual([
      {
        field: 'most_recent_experience.0.end_date',
        error: 'End date must not be before the start date.',
      },
      { field: 'most_recent_experience.1.title', error: 'Title is required' },
      {
        field: 'most_recent_experience.1.start_date',
        error: 'Start date must be a date (YYYY-MM-DD).',
      },
      { field: 'publications.0.citations', error: 'Citations must be a whole number.' },
      { field: 'grants', error: 'Grants must have at most 100 entries.' },
    ]);
    const kept = await (await w.call('GET', `/profiles/${w.me.id}`, w.meCookie)).json();
    expect(kept.patents).toEqual(sections.patents);
  });

  it('keeps every section in the order saved, experience newest first', async () => {
    const titles = ['Third', 'First', 'Second'];
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      education: titles.map((institution) => ({ institution })),
      patents: titles.map((title) => ({ title })),
      projects: titles.map((title) => ({ title })),
      publications: titles.map((title, i) => ({ title, year: 2000 + i })),
      grants: titles.map((title) => ({ title })),
      most_recent_experience: [
        { title: 'Postdoc', start_date: '2001-01-01', end_date: '2003-01-01' },
        { title: 'Professor', start_date: '2006-01-01' },
        { title: 'Lecturer', start_date: '2003-01-01', end_date: '2006-01-01' },
      ],
    });
    expect(res.status).toBe(200);
    const profile = await (await w.call('GET', `/profiles/${w.me.id}`, w.meCookie)).json();
    expect(profile.education.map((e: { institution: string }) => e.institution)).toEqual(titles);
    for (const name of ['patents', 'projects', 'publications', 'grants']) {
      expect(profile[name].map((e: { title: string }) => e.title)).toEqual(titles);
    }
    expect(profile.most_recent_experience.map((e: { title: string }) => e.title)).toEqual([
      'Professor',
      'Lecturer',
      'Postdoc',
    ]);
  });

  it('saves a publication with its DOI normalised, venue and URL, and checks them', async () => {
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      publications: [
        {
          title: 'Recherches sur les substances radioactives',
          authors: 'M. Curie',
          doi: 'https://doi.org/10.1051/JPHYSTAP:019040030027100',
          venue: '  Annales de chimie et de physique ',
          url: 'gallica.bnf.fr/ark:/12148/bpt6k',
        },
        { title: 'No links' },
      ],
    });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile.publications).toEqual([
      {
        title: 'Recherches sur les substances radioactives',
        authors: 'M. Curie',
        year: null,
        citations: null,
        doi: '10.1051/jphystap:019040030027100',
        venue: 'Annales de chimie et de physique',
        url: 'https://gallica.bnf.fr/ark:/12148/bpt6k',
      },
      {
        title: 'No links',
        authors: '',
        year: null,
        citations: null,
        doi: null,
        venue: '',
        url: null,
      },
    ]);
    expect(userProfile.parse(profile)).toEqual(profile);

    const bad = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      publications: [{ title: 'P', doi: '1051/x', venue: 'v'.repeat(301), url: 'not a url' }],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details).toEqual([
      { field: 'publications.0.doi', error: 'DOI must be a DOI such as 10.1000/xyz123.' },
      { field: 'publications.0.venue', error: 'Venue must be at most 300 characters.' },
      { field: 'publications.0.url', error: 'URL must be a valid URL' },
    ]);
  });

  it('holds 1000 publications and 100 entries of the other sections; one more is 400', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Entry ${i}` }));
    const full = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      publications: many(1000),
      projects: many(100),
    });
    expect(full.status).toBe(200);
    const saved = (await full.json()).profile;
    expect([saved.publications.length, saved.projects.length]).toEqual([1000, 100]);

    const over = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      publications: many(1001),
      education: Array.from({ length: 101 }, () => ({ institution: 'U' })),
      patents: many(101),
    });
    expect(over.status).toBe(400);
    expect((await over.json()).details).toEqual([
      { field: 'education', error: 'Education must have at most 100 entries.' },
      { field: 'patents', error: 'Patents must have at most 100 entries.' },
      { field: 'publications', error: 'Publications must have at most 1000 entries.' },
    ]);
    const kept = await (await w.call('GET', `/profiles/${w.me.id}`, w.meCookie)).json();
    expect(kept.publications).toHaveLength(1000);
  });

  it('the directory search finds a publication venue as soon as it is saved', async () => {
    const search = async () =>
      (
        await w.call('GET', '/search?q=Zeitschrift%20Radiochemie&type=people', w.otherCookie)
      ).json();
    expect((await search()).users).toEqual([]);
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      publications: [{ title: 'Untitled', venue: 'Zeitschrift für Radiochemie' }],
    });
    expect(res.status).toBe(200);
    expect((await search()).users.map((u: { id: number }) => u.id)).toEqual([w.me.id]);
  });
});
