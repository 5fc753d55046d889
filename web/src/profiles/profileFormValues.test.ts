// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { UserProfile } from './profileApi.ts';
import { profileFormSchema } from './profileFormSchema.ts';
import {
  formShapeOf,
  formValuesOf,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileBodyOf,
} from './profileFormValues.ts';
import { testProfile } from './testProfile.ts';

const labels = { linkedin: 'LinkedIn URL', googleScholar: 'Google Scholar URL' };
const grant = {
  organization: 'National Science Foundation',
  grant_number: '1945123',
  title: 'CAREER award',
  description: '',
};

function errorsOf(profile = testProfile(), change: Record<string, unknown> = {}) {
  const schema = profileFormSchema(formShapeOf(profile), labels);
  const result = schema.safeParse({
    ...formValuesOf(profile),
    linkedin_url: 'https://www.linkedin.com/in/priya',
    ...change,
  });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('profileFormSchema', () => {
  it('passes a complete profile and trims what it returns', () => {
    const profile = testProfile();
    const schema = profileFormSchema(formShapeOf(profile), labels);
    const values = schema.parse({
      ...formValuesOf(profile),
      first_name: '  Priya ',
      headline: ' Professor  ',
      bio: '  Hello  ',
      linkedin_url: ' linkedin.com/in/priya ',
    });
    expect(values).toMatchObject({
      first_name: 'Priya',
      headline: 'Professor',
      bio: 'Hello',
      linkedin_url: 'linkedin.com/in/priya',
    });
  });

  it('requires the names, the user type and the bio in the SPEC words', () => {
    expect(
      errorsOf(undefined, { first_name: '  ', last_name: '', role_id: null, bio: ' ' }),
    ).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      role_id: 'User type is required',
      bio: 'Bio is required',
    });
  });

  it('requires LinkedIn while it is unset, and a URL in both links, named by their labels', () => {
    expect(errorsOf(undefined, { linkedin_url: '' })).toEqual({
      linkedin_url: 'LinkedIn URL is required',
    });
    expect(errorsOf(undefined, { linkedin_url: 'not a url', google_scholar_url: 'nope' })).toEqual({
      linkedin_url: 'LinkedIn URL must be a valid URL',
      google_scholar_url: 'Google Scholar URL must be a valid URL',
    });
    const custom = profileFormSchema(formShapeOf(testProfile()), {
      linkedin: 'LinkedIn profile',
      googleScholar: 'Scholar page',
    }).safeParse({ ...formValuesOf(testProfile()), linkedin_url: '' });
    expect(custom.error?.issues[0]?.message).toBe('LinkedIn profile is required');
  });

  it('leaves links alone once they are set, and Google Scholar for anyone but faculty', () => {
    const locked = testProfile({
      linkedin_url: 'https://www.linkedin.com/in/priya',
      google_scholar_url: 'https://scholar.google.com/citations?user=x',
    });
    expect(errorsOf(locked, { linkedin_url: '', google_scholar_url: 'whatever' })).toEqual({});
    expect(errorsOf(testProfile({ role_id: 1 }), { google_scholar_url: 'whatever' })).toEqual({});
  });

  it('checks the bio against its 1000-character limit and grants with the contract rules', () => {
    expect(errorsOf(undefined, { bio: 'x'.repeat(1000) })).toEqual({});
    expect(errorsOf(undefined, { bio: 'x'.repeat(1001) })).toEqual({
      bio: 'Bio must be at most 1000 characters.',
    });
    expect(
      errorsOf(testProfile({ grants: [grant] }), { grants: [{ ...grant, title: ' ' }] }),
    ).toEqual({ 'grants.0.title': 'Title is required' });
  });
});

/** The form's values once its rules passed, as the submit handler receives them. */
function outputOf(profile: UserProfile, change: Partial<ProfileFormValues> = {}) {
  return profileFormSchema(formShapeOf(profile), labels).parse({
    ...formValuesOf(profile),
    linkedin_url: profile.linkedin_url ?? 'https://www.linkedin.com/in/priya',
    ...change,
  }) as ProfileFormOutput;
}

const publication = {
  title: 'Stretchable electrodes',
  authors: 'P. Raman, J. Doe',
  year: 2021,
  citations: 14,
  doi: '10.1038/s41586-021-0001-x',
  venue: 'Nature',
  url: null,
};

describe('section entries in the form', () => {
  it('holds every field as text, none as empty', () => {
    const values = formValuesOf(testProfile({ publications: [publication] }));
    expect(values.publications).toEqual([
      {
        title: 'Stretchable electrodes',
        authors: 'P. Raman, J. Doe',
        year: '2021',
        citations: '14',
        doi: '10.1038/s41586-021-0001-x',
        venue: 'Nature',
        url: '',
      },
    ]);
    expect(values.education).toEqual([]);
  });

  it('reads them back with the contract rules: numbers, none, a normalised DOI', () => {
    const output = outputOf(testProfile(), {
      publications: [
        {
          title: ' Stretchable electrodes ',
          authors: 'P. Raman, J. Doe',
          year: '2021',
          citations: '',
          doi: 'https://doi.org/10.1038/S41586-021-0001-X',
          venue: 'Nature',
          url: 'example.org/paper',
        },
      ],
    });
    expect(output.publications).toEqual([
      { ...publication, citations: null, url: 'https://example.org/paper' },
    ]);
  });

  it('names a failing entry field by its path, in the contract words', () => {
    const entry = { ...formValuesOf(testProfile({ publications: [publication] })).publications[0] };
    expect(
      errorsOf(testProfile(), {
        publications: [{ ...entry, doi: 'nope', year: 'soon' }],
        projects: [
          { title: '', start_date: '2024-05-01', end_date: '2023-01-01', description: '' },
        ],
      }),
    ).toEqual({
      'projects.0.title': 'Title is required',
      'projects.0.end_date': 'End date must not be before the start date.',
      'publications.0.year': 'Year must be a year.',
      'publications.0.doi': 'DOI must be a DOI such as 10.1000/xyz123.',
    });
  });
});

describe('profileBodyOf', () => {
  it('keeps the saved HTML of a bio whose text did not change', () => {
    const profile = testProfile();
    const body = profileBodyOf(outputOf(profile), profile, null);
    expect(body.bio).toBe(profile.bio);
    expect(body).not.toHaveProperty('profile_image_url');
  });

  it('saves an edited bio as paragraphs, escaped', () => {
    const profile = testProfile();
    const body = profileBodyOf(
      outputOf(profile, { bio: 'New <b>bio</b>\n\nSecond' }),
      profile,
      null,
    );
    expect(body.bio).toBe('<p>New &lt;b&gt;bio&lt;/b&gt;</p><p>Second</p>');
  });

  it('sends links only while they can still be set, every section, and a new photo', () => {
    const open = testProfile();
    const values = outputOf(open, { linkedin_url: 'linkedin.com/in/p', google_scholar_url: '' });
    expect(profileBodyOf(values, open, '/uploads/1/2/x.jpg')).toMatchObject({
      linkedin_url: 'linkedin.com/in/p',
      google_scholar_url: '',
      profile_image_url: '/uploads/1/2/x.jpg',
      education: [],
      most_recent_experience: [],
      patents: [],
      projects: [],
      publications: [],
      grants: [],
    });

    const locked = testProfile({
      role_id: 1,
      linkedin_url: 'https://www.linkedin.com/in/p',
      grants: [grant],
    });
    const body = profileBodyOf(outputOf(locked), locked, null);
    expect(body).not.toHaveProperty('linkedin_url');
    expect(body).not.toHaveProperty('google_scholar_url');
    expect(body.grants).toEqual([grant]);
  });

  it('sends cleared places as null', () => {
    const profile = testProfile();
    const body = profileBodyOf(
      outputOf(profile, { school_id: null, department_id: null }),
      profile,
      null,
    );
    expect(body).toMatchObject({ school_id: null, department_id: null });
  });
});
