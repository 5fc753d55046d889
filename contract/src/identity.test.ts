import { describe, expect, it } from 'vitest';
import { inviteUserBody, requestInvitationBody } from './identity.ts';

const input = {
  first_name: 'Marie',
  last_name: 'Curie',
  email: 'marie@uni.edu',
  role_id: 1,
  linkedin_url: 'https://www.linkedin.com/in/marie-curie',
};

describe('invitation form schema', () => {
  it('accepts its own output again, as the server re-validates what the web form parsed', () => {
    for (const schema of [requestInvitationBody, inviteUserBody]) {
      const once = schema.parse({ ...input, google_scholar_url: '' });
      expect(once.google_scholar_url).toBeNull();
      expect(schema.parse(once)).toEqual(once);
    }
  });

  it('keeps Google Scholar only for faculty', () => {
    const scholar = 'https://scholar.google.com/citations?user=AbCdEf123456';
    expect(
      inviteUserBody.parse({ ...input, google_scholar_url: scholar }).google_scholar_url,
    ).toBeNull();
    expect(
      inviteUserBody.parse({ ...input, role_id: 2, google_scholar_url: scholar })
        .google_scholar_url,
    ).toBe(scholar);
  });
});
