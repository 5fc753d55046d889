import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema-people.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { baseBody, type ProfilesWorld, profilesWorld } from './test-fixtures.ts';

describe('PUT /profiles/{id}: web links and photo', () => {
  let w: ProfilesWorld;

  beforeAll(async () => {
    w = await profilesWorld();
  });
  afterAll(() => w.t.close());

  it('checks URLs against the loose pattern: {label} must be a valid URL', async () => {
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      linkedin_url: 'javascript:alert(1)',
      google_scholar_url: 'not a url',
      faculty_page_url: 'http://nodot',
    });
    expect((await res.json()).details).toEqual([
      { field: 'linkedin_url', error: 'LinkedIn URL must be a valid URL' },
      { field: 'google_scholar_url', error: 'Google Scholar URL must be a valid URL' },
      { field: 'faculty_page_url', error: 'Faculty page URL must be a valid URL' },
    ]);
  });

  it('LinkedIn and Google Scholar may be set while empty and are read-only once set', async () => {
    const linkedin = 'https://www.linkedin.com/in/marie-curie';
    const scholar = 'https://scholar.google.com/citations?user=curie123';
    const set = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      linkedin_url: linkedin,
      google_scholar_url: scholar,
    });
    expect((await set.json()).profile).toMatchObject({
      linkedin_url: linkedin,
      google_scholar_url: scholar,
    });
    const same = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      linkedin_url: linkedin,
      google_scholar_url: scholar,
    });
    expect(same.status).toBe(200);
    const left = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, baseBody);
    expect((await left.json()).profile.linkedin_url).toBe(linkedin);
    const changed = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      linkedin_url: 'https://www.linkedin.com/in/someone-else',
      google_scholar_url: '',
    });
    expect(changed.status).toBe(400);
    expect((await changed.json()).details).toEqual([
      { field: 'linkedin_url', error: 'LinkedIn URL cannot be changed once set.' },
      { field: 'google_scholar_url', error: 'Google Scholar URL cannot be changed once set.' },
    ]);
    const stored = await (await w.call('GET', `/profiles/${w.me.id}`, w.meCookie)).json();
    expect(stored.linkedin_url).toBe(linkedin);
    expect(stored.google_scholar_url).toBe(scholar);
  });

  it('ignores Google Scholar for members who are not faculty', async () => {
    const student = await w.member(w.alpha.tenantId, { roleId: 1 });
    const cookie = await w.cookieFor(w.alpha.tenantId, student.id);
    const res = await w.call('PUT', `/profiles/${student.id}`, cookie, {
      ...baseBody,
      google_scholar_url: 'https://scholar.google.com/citations?user=student1',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).profile.google_scholar_url).toBeNull();
  });

  it('takes only a photo URL the upload issued to this member', async () => {
    const mineKey = `${w.alpha.tenantId}/${w.me.id}/issuedToMeAaaaaaaaaaaa.jpg`;
    const theirsKey = `${w.alpha.tenantId}/${w.other.id}/issuedToOtherBbbbbbbbbb.jpg`;
    const mine = `/uploads/${mineKey}`;
    const theirs = `/uploads/${theirsKey}`;
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.alpha.tenantId);
      await tx.insert(uploads).values([
        {
          tenantId: w.alpha.tenantId,
          userId: w.me.id,
          key: mineKey,
          url: mine,
          contentType: 'image/jpeg',
          bytes: 1,
        },
        {
          tenantId: w.alpha.tenantId,
          userId: w.other.id,
          key: theirsKey,
          url: theirs,
          contentType: 'image/jpeg',
          bytes: 1,
        },
      ]);
    });
    for (const url of [theirs, 'https://evil.example.com/x.jpg', 'javascript:alert(1)']) {
      const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
        ...baseBody,
        profile_image_url: url,
      });
      expect(res.status, url).toBe(400);
      expect((await res.json()).details).toEqual([
        { field: 'profile_image_url', error: 'Please upload the photo before saving it.' },
      ]);
    }
    const ok = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      profile_image_url: mine,
    });
    expect((await ok.json()).profile.profile_image_url).toBe(mine);
    const unchanged = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      profile_image_url: mine,
    });
    expect(unchanged.status).toBe(200);
    const removed = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      profile_image_url: null,
    });
    expect((await removed.json()).profile.profile_image_url).toBeNull();
  });
});
