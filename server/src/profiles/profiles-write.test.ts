import { profileAnswer } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../../test/factories.ts';
import { baseBody, type ProfilesWorld, profilesWorld } from './test-fixtures.ts';

/** The only tags a sanitised bio may hold; a link keeps an http(s) or mailto href, or none. */
const SAFE_TAG =
  /^(<\/?(p|br|strong|b|em|i|u|ul|ol|li)\s*\/?>|<a( href="(https?:|mailto:)[^"]*")? rel="noopener noreferrer" target="_blank">|<\/a>)$/;

describe('PUT /profiles/{id}', () => {
  let w: ProfilesWorld;

  beforeAll(async () => {
    w = await profilesWorld();
  });
  afterAll(() => w.t.close());

  it('saves your own profile, trimmed, and answers {profile}; the names are the account names', async () => {
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      first_name: '  Maria ',
      last_name: ' Skłodowska ',
      bio: '  <p>Two Nobel prizes.</p> ',
      headline: ' Professor ',
      location: ' Paris ',
      faculty_page_url: ' alpha.edu/people/marie ',
      school_id: w.medicine,
      department_id: w.radiology,
      role_id: 4,
      email: 'evil@example.com',
      tenant_id: w.beta.tenantId,
      permissions: ['admin'],
    });
    expect(res.status).toBe(200);
    const { profile } = profileAnswer.parse(await res.json());
    expect(profile).toMatchObject({
      first_name: 'Maria',
      last_name: 'Skłodowska',
      bio: '<p>Two Nobel prizes.</p>',
      headline: 'Professor',
      location: 'Paris',
      faculty_page_url: 'https://alpha.edu/people/marie',
      school_id: w.medicine,
      school_name: 'Medicine',
      department_id: w.radiology,
      department_name: 'Radiology',
      role_id: 2,
      email: 'marie@alpha.edu',
      tenant_id: w.alpha.tenantId,
      permissions: ['create_idea'],
    });
    const details = await (await w.call('GET', `/users/${w.me.id}`, w.meCookie)).json();
    expect(details.name).toBe('Maria Skłodowska');
    const again = await (await w.call('GET', `/profiles/${w.me.id}`, w.otherCookie)).json();
    expect(again).toEqual(profile);
  });

  it('keeps what is left out and clears what is sent empty', async () => {
    await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      headline: 'Kept',
      location: 'Kept too',
    });
    const kept = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, baseBody);
    expect((await kept.json()).profile).toMatchObject({
      headline: 'Kept',
      location: 'Kept too',
      school_id: w.medicine,
    });
    const cleared = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      headline: '',
      location: null,
      school_id: null,
      department_id: '',
      faculty_page_url: '',
    });
    expect((await cleared.json()).profile).toMatchObject({
      headline: '',
      location: '',
      school_id: null,
      school_name: null,
      department_id: null,
      faculty_page_url: null,
    });
  });

  it('requires first name, last name and bio with the SPEC messages', async () => {
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      first_name: '   ',
      bio: '<p> </p>',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details).toEqual([
      { field: 'first_name', error: 'First name is required' },
      { field: 'last_name', error: 'Last name is required' },
      { field: 'bio', error: 'Bio is required' },
    ]);
    const scriptOnly = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      bio: '<script>alert(1)</script>',
    });
    expect((await scriptOnly.json()).details).toEqual([{ field: 'bio', error: 'Bio is required' }]);
  });

  it('counts the bio in characters of text: 1000 fit, 1001 are 400, never truncated', async () => {
    const fits = `<p><strong>${'a'.repeat(500)}</strong></p><p>${'b'.repeat(499)}&amp;</p>`;
    const ok = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, { ...baseBody, bio: fits });
    expect(ok.status).toBe(200);
    expect((await ok.json()).profile.bio).toBe(fits);
    const over = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      bio: 'x'.repeat(1001),
    });
    expect(over.status).toBe(400);
    expect((await over.json()).details).toEqual([
      { field: 'bio', error: 'Bio must be at most 1000 characters.' },
    ]);
  });

  it('answers over-limit fields with their label and limit', async () => {
    const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      first_name: 'F'.repeat(51),
      headline: 'H'.repeat(151),
      location: 'L'.repeat(101),
    });
    expect((await res.json()).details).toEqual([
      { field: 'first_name', error: 'First name must be at most 50 characters.' },
      { field: 'headline', error: 'Position must be at most 150 characters.' },
      { field: 'location', error: 'Location must be at most 100 characters.' },
    ]);
  });

  it('makes the usual XSS payloads in the bio inert', async () => {
    const payloads = [
      '<script>alert(1)</script>Hello',
      '<img src=x onerror=alert(1)>Hello',
      '<a href="javascript:alert(1)">Hello</a>',
      '<a href="JaVaScRiPt:alert(1)">Hello</a>',
      '<a href="&#106;avascript:alert(1)">Hello</a>',
      '<svg onload=alert(1)><circle/></svg>Hello',
      '<style>body{display:none}</style>Hello',
      '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">Hello</p>',
      '<iframe src="https://evil.example.com"></iframe>Hello',
      '<a href="https://ok.example.com" onclick="alert(1)" target="_self">Hello</a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>Hello',
      '"><script>alert(1)</script>Hello',
    ];
    for (const bio of payloads) {
      const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, { ...baseBody, bio });
      expect(res.status, bio).toBe(200);
      const saved = (await res.json()).profile.bio as string;
      expect(saved, bio).toContain('Hello');
      expect(saved, bio).not.toMatch(
        /<script|<style|<svg|<img|<iframe|<math|javascript:|on\w+=|style=/i,
      );
      for (const tag of saved.match(/<[^>]+>/g) ?? []) {
        expect(tag, bio).toMatch(SAFE_TAG);
      }
    }
    const link = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      bio: '<p>See <a href="https://example.com/x">my lab</a> or <a href="mailto:m@alpha.edu">mail</a></p>',
    });
    expect((await link.json()).profile.bio).toBe(
      '<p>See <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">my lab</a> or <a href="mailto:m@alpha.edu" rel="noopener noreferrer" target="_blank">mail</a></p>',
    );
  });

  it("is 403 for someone else's profile, in this tenant or another, and changes nothing", async () => {
    const before = await (await w.call('GET', `/profiles/${w.other.id}`, w.adminCookie)).json();
    for (const [id, cookie] of [
      [w.other.id, w.meCookie],
      [w.other.id, w.adminCookie],
      [w.other.id, w.betaCookie],
      [w.betaMember.id, w.meCookie],
    ] as const) {
      const res = await w.call('PUT', `/profiles/${id}`, cookie, baseBody);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    }
    const after = await (await w.call('GET', `/profiles/${w.other.id}`, w.adminCookie)).json();
    expect(after).toEqual(before);
    const bea = await (await w.call('GET', `/profiles/${w.betaMember.id}`, w.betaCookie)).json();
    expect(bea.first_name).toBe('Bea');
    expect(
      (await w.t.request(`/api/v1/profiles/${w.me.id}`, jsonInit('PUT', baseBody))).status,
    ).toBe(401);
  });

  it('a body over 1 MiB is 413, a body that is not JSON is 400', async () => {
    const huge = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      location: 'x'.repeat(1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const broken = await w.t.request(`/api/v1/profiles/${w.me.id}`, {
      method: 'PUT',
      headers: { cookie: w.meCookie, 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    expect(broken.status).toBe(400);
  });
});
