import { describe, expect, it } from 'vitest';
import { ideaBody, ideaListQuery, normaliseIdeaUrl, PATENT_PATTERN } from './ideas.ts';

describe('patent numbers (CONTRACT §3)', () => {
  it.each(['US 10,123,456 B2', 'EP1234567A1', 'WO2020/123456', '10123456', 'us 9.876.543'])(
    'accepts %s',
    (value) => {
      expect(PATENT_PATTERN.test(value)).toBe(true);
    },
  );

  it.each(['', 'US', 'B', 'US 10,123,456 B2 extra', 'patent 12', '12-34', '1,', 'USA1234567XY'])(
    'refuses %j',
    (value) => {
      expect(PATENT_PATTERN.test(value)).toBe(false);
    },
  );
});

describe('supporting link URLs', () => {
  it('keeps http(s) links and gives a bare domain https', () => {
    expect(normaliseIdeaUrl('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(normaliseIdeaUrl('http://lab.example.edu')).toBe('http://lab.example.edu');
    expect(normaliseIdeaUrl('example.org/paper')).toBe('https://example.org/paper');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://example.org',
    'not a url',
    'localhost',
    'https://user:pw@example.org',
    'https://',
  ])('refuses %j', (value) => {
    expect(normaliseIdeaUrl(value)).toBeNull();
  });
});

describe('idea body', () => {
  it('drops empty link pairs and patents and trims values', () => {
    const parsed = ideaBody.parse({
      title: '  A title ',
      introduction: 'Intro',
      urls: [{ url: '', title: '' }, { url: 'example.org', title: ' Paper ' }, {}],
      patents: ['', '  EP1234567A1 ', null],
    });
    expect(parsed).toEqual({
      title: 'A title',
      introduction: 'Intro',
      problem: '',
      opportunity: '',
      urls: [{ url: 'https://example.org', title: 'Paper' }],
      patents: ['EP1234567A1'],
      ip_status_id: null,
      support_ids: [],
    });
  });

  it('names a half-filled pair by its position as sent', () => {
    const result = ideaBody.safeParse({
      title: 'T',
      introduction: 'I',
      urls: [{}, { url: 'https://example.org' }],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['urls', 1, 'title'],
        message: 'URL and Title must be filled together',
      }),
    ]);
  });
});

describe('idea list query', () => {
  it('reads comma lists of ids and defaults, leaving the order to the service', () => {
    expect(ideaListQuery.parse({ support_id: '3,1,3', following: 'true' })).toEqual({
      page: 1,
      page_size: 10,
      following: true,
      support_id: [3, 1],
      school_id: undefined,
      department_id: undefined,
      idea_owner_id: undefined,
    });
  });

  it.each(['1,,2', 'a', '1,-2', '0', '99999999999'])('refuses support_id=%j', (value) => {
    expect(ideaListQuery.safeParse({ support_id: value }).success).toBe(false);
  });
});
