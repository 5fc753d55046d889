import {
  brandingAdminAnswer,
  logoAnswer,
  tenantAnswer,
  termsAdminAnswer,
  termsAnswer,
} from '@kindling/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { giveAccount, jsonInit, makeTenant, makeUser, signInCookie } from '../../test/factories.ts';
import { callerOf } from '../../test/fixtures.ts';
import { uploads } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { tenants } from '../db/schema-tenants.ts';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

const png = (background: { r: number; g: number; b: number; alpha: number }) =>
  sharp({ create: { width: 400, height: 100, channels: 4, background } })
    .png()
    .toBuffer();

const svgLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30"><rect width="120" height="30" fill="#123456"/><script>alert(1)</script></svg>';

describe('branding administration', () => {
  let t: TestApp;
  let alpha: Tenant;
  let beta: Tenant;
  let admin: string;
  let betaAdmin: string;
  let member: string;

  const call = callerOf(() => t);
  const upload = (cookie: string | null, bytes: Uint8Array | string, type = 'image/png') => {
    const form = new FormData();
    const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('file', new Blob([part], { type }), 'logo');
    return t.request('/api/v1/admin/branding/logo', {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
  };
  const publicBranding = async (tenant: Tenant) =>
    tenantAnswer.parse(await (await t.request(`/api/v1/tenant?domain=${tenant.domain}`)).json())
      .branding;
  const audits = (tenantId: number, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id));
  const storedBranding = async (tenantId: number) => {
    const [row] = await t.db
      .select({ branding: tenants.branding })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return row?.branding;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    const user = await makeUser(t.db, alpha.tenantId, {
      email: 'faculty@alpha.edu',
      roleId: 2,
      permissions: ['create_idea', 'invite_user'],
    });
    await giveAccount(t.db, alpha.tenantId, user.id);
    member = await signInCookie(t.request, alpha.tenantId, user.email);
  });
  afterAll(() => t.close());

  it('is 401 anonymous and 403 for members without admin', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/branding'],
      ['PUT', '/admin/branding', { navLabels: { people: 'Directory' } }],
      ['GET', '/admin/terms'],
      ['PUT', '/admin/terms', { terms: null }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, member, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await upload(null, await png({ r: 0, g: 0, b: 0, alpha: 1 }))).status).toBe(401);
    expect((await upload(member, await png({ r: 0, g: 0, b: 0, alpha: 1 }))).status).toBe(403);
  });

  it('answers the resolved branding and the defaults', async () => {
    const res = await call('GET', '/admin/branding', admin);
    expect(res.status).toBe(200);
    const body = brandingAdminAnswer.parse(await res.json());
    expect(body.branding).toEqual(await publicBranding(alpha));
    expect(body.defaults.productName).toBe('Alpha University');
  });

  it('saves overrides that members see on their next load, audited with the changed keys only', async () => {
    const res = await call('PUT', '/admin/branding', admin, {
      styles: { 'color-primary': '#1D4ED8', 'color-primary-hover': '#1e3a8a' },
      navLabels: { people: 'Directory' },
      footer: { copyrightNotice: '© Alpha' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = brandingAdminAnswer.parse(await res.json());
    expect(body.branding.styles['color-primary']).toBe('#1d4ed8');

    const seen = await publicBranding(alpha);
    expect(seen.styles['color-primary']).toBe('#1d4ed8');
    expect(seen.styles['color-text']).toBe(body.defaults.styles['color-text']);
    expect(seen.navLabels.people).toBe('Directory');
    expect(seen.navLabels.ideas).toBe('Ideas');
    expect((await publicBranding(beta)).navLabels.people).toBe('People');

    const [entry] = await audits(alpha.tenantId, 'branding.update');
    expect(entry?.detail).toEqual({
      changed: [
        'footer.copyrightNotice',
        'navLabels.people',
        'styles.color-primary',
        'styles.color-primary-hover',
      ],
    });
    expect(entry?.targetId).toBe(alpha.tenantId);
    expect(entry?.summary).toContain('navLabels.people');
  });

  it('replaces the overrides whole: a key left out takes its default again; no change, no entry', async () => {
    const before = (await audits(alpha.tenantId, 'branding.update')).length;
    const res = await call('PUT', '/admin/branding', admin, { navLabels: { people: 'Directory' } });
    expect(res.status).toBe(200);
    const seen = await publicBranding(alpha);
    expect(seen.footer.copyrightNotice).toContain('Alpha University');
    expect(seen.styles['color-primary']).toBe('#9a3412');
    expect(await storedBranding(alpha.tenantId)).toEqual({ navLabels: { people: 'Directory' } });
    expect((await audits(alpha.tenantId, 'branding.update')).length).toBe(before + 1);

    await call('PUT', '/admin/branding', admin, { navLabels: { people: 'Directory' } });
    expect((await audits(alpha.tenantId, 'branding.update')).length).toBe(before + 1);
  });

  it('refuses colours below WCAG AA contrast, naming the colour that was sent', async () => {
    const res = await call('PUT', '/admin/branding', admin, {
      styles: { 'color-primary': '#fbbf24' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details).toContainEqual({
      field: 'styles.color-primary',
      error: expect.stringMatching(
        /^The contrast of button text on the primary colour is 1\.\d\d:1/,
      ),
    });
    const onPrimary = await call('PUT', '/admin/branding', admin, {
      styles: { 'color-on-primary': '#c2410c' },
    });
    expect((await onPrimary.json()).details[0].field).toBe('styles.color-on-primary');
    expect((await publicBranding(alpha)).styles['color-primary']).toBe('#9a3412');
  });

  it('is a clear 400 for bad input, never a 500, and stores nothing of it', async () => {
    const bad: [unknown, string][] = [
      [{ styles: { 'color-primary': 'red;}body{display:none' } }, 'styles.color-primary'],
      [{ styles: { 'font-body': 'Arial; color: red' } }, 'styles.font-body'],
      [{ styles: { radius: '100vw' } }, 'styles.radius'],
      [{ linkedinURL: 'javascript:alert(1)' }, 'linkedinURL'],
      [{ supportEmail: 'not an address' }, 'supportEmail'],
      [{ navLabels: { ideas: '' } }, 'navLabels.ideas'],
      [{ navLabels: { ideas: 'x'.repeat(41) } }, 'navLabels.ideas'],
      [{ home: { descriptions: 'one' } }, 'home.descriptions'],
      [{ logo: 'https://evil.example/logo.png' }, 'logo'],
      [{ logo: `/uploads/${beta.tenantId}/branding/AAAAAAAAAAAAAAAAAAAAAAAA.png` }, 'logo'],
      [{ styles: 'red' }, 'styles'],
    ];
    for (const [body, field] of bad) {
      const res = await call('PUT', '/admin/branding', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const unknownKeys = await call('PUT', '/admin/branding', admin, {
      navLabels: { people: 'Directory', made_up: 'x' },
      styles: { 'background-image': 'url(https://evil.example)' },
      hacked: true,
    });
    expect(unknownKeys.status).toBe(200);
    expect(await storedBranding(alpha.tenantId)).toEqual({ navLabels: { people: 'Directory' } });
  });

  it('re-encodes an uploaded logo to PNG (an SVG rasterised) and saves it by its URL', async () => {
    const res = await upload(admin, await png({ r: 20, g: 80, b: 160, alpha: 0.5 }));
    expect(res.status, await res.clone().text()).toBe(200);
    const { logo } = logoAnswer.parse(await res.json());
    expect(logo).toMatch(
      new RegExp(`^/uploads/${alpha.tenantId}/branding/[A-Za-z0-9_-]{24}\\.png$`),
    );
    const served = await t.request(logo);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    // Not saved yet: members still see the old logo.
    expect((await publicBranding(alpha)).logo).toBe('/brand/kindling-logo.svg');

    const svg = await upload(admin, svgLogo, 'image/svg+xml');
    expect(svg.status).toBe(200);
    const svgUrl = logoAnswer.parse(await svg.json()).logo;
    const rasterised = Buffer.from(await (await t.request(svgUrl)).arrayBuffer());
    expect(rasterised.subarray(1, 4).toString()).toBe('PNG');
    expect(rasterised.toString('latin1')).not.toContain('<script');
    const size = await sharp(rasterised).metadata();
    expect(size.height).toBe(240);

    expect((await call('PUT', '/admin/branding', admin, { logo })).status).toBe(200);
    expect((await publicBranding(alpha)).logo).toBe(logo);
    // Replacing it deletes the old file once the save commits.
    expect((await call('PUT', '/admin/branding', admin, { logo: svgUrl })).status).toBe(200);
    expect((await t.request(logo)).status).toBe(404);
    expect(
      (await audits(alpha.tenantId, 'branding.update'))[0]?.detail as { changed: string[] },
    ).toEqual({ changed: ['logo'] });
    // Another tenant cannot take this tenant's logo.
    const stolen = await call('PUT', '/admin/branding', betaAdmin, { logo: svgUrl });
    expect(stolen.status).toBe(400);
  });

  it('deletes the replaced logo and day-old unsaved uploads when a save commits', async () => {
    const uploadUrl = async () =>
      logoAnswer.parse(
        await (await upload(admin, await png({ r: 0, g: 0, b: 0, alpha: 1 }))).json(),
      ).logo;
    const first = await uploadUrl();
    expect((await call('PUT', '/admin/branding', admin, { logo: first })).status).toBe(200);
    const abandoned = await uploadUrl();
    await t.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(and(eq(uploads.tenantId, alpha.tenantId), eq(uploads.url, abandoned)));
    const pending = await uploadUrl();

    // The administrator's own profile save sweeps their photos only, and takes no logo as one.
    const profile = (photo?: string) =>
      call('PUT', `/profiles/${alpha.adminUserId}`, admin, {
        first_name: 'Ada',
        last_name: 'Admin',
        bio: 'Runs the portal.',
        linkedin_url: 'https://www.linkedin.com/in/portal-admin',
        ...(photo ? { profile_image_url: photo } : {}),
      });
    expect((await profile()).status).toBe(200);
    expect((await t.request(abandoned)).status).toBe(200);
    const asPhoto = await profile(pending);
    expect(asPhoto.status).toBe(400);
    expect((await asPhoto.json()).details[0].field).toBe('profile_image_url');

    const second = await uploadUrl();
    expect((await call('PUT', '/admin/branding', admin, { logo: second })).status).toBe(200);
    expect((await t.request(first)).status).toBe(404);
    expect((await t.request(abandoned)).status).toBe(404);
    expect((await t.request(pending)).status).toBe(200);
    expect((await t.request(second)).status).toBe(200);
    const kept = await t.db
      .select({ url: uploads.url })
      .from(uploads)
      .where(and(eq(uploads.tenantId, alpha.tenantId), like(uploads.key, '%/branding/%')));
    expect(kept.map((row) => row.url).sort()).toEqual([pending, second].sort());
  });

  it('answers 400 for an upload that is not an image', async () => {
    const res = await upload(admin, '<html><script>alert(1)</script></html>', 'image/png');
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([
      { field: 'file', error: 'The logo must be a JPEG, PNG, GIF or SVG image.' },
    ]);
  });

  it("keeps each tenant's branding its own", async () => {
    const res = await call('GET', '/admin/branding', betaAdmin);
    const body = brandingAdminAnswer.parse(await res.json());
    expect(body.branding.productName).toBe('Beta Institute');
    expect(body.branding.navLabels.people).toBe('People');
  });
});

describe('terms administration', () => {
  let t: TestApp;
  let alpha: Tenant;
  let admin: string;
  const own = {
    title: 'Alpha Rules',
    lastUpdated: 'January 1, 2027',
    introduction: 'Be kind.',
    sections: [
      {
        title: 'Ideas',
        content: 'Share them.',
        items: [{ boldText: 'Credit:', description: 'Name your collaborators.' }],
      },
    ],
    conclusion: 'Thanks.',
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
  });
  afterAll(() => t.close());

  const put = (body: unknown) => t.request('/api/v1/admin/terms', jsonInit('PUT', body, admin));
  const publicTerms = async () =>
    termsAnswer.parse(await (await t.request(`/api/v1/terms?tenant_id=${alpha.tenantId}`)).json());
  const lastEntry = async () => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, alpha.tenantId), eq(auditLog.action, 'terms.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  it('answers the default terms until the tenant has its own', async () => {
    const res = await t.request('/api/v1/admin/terms', { headers: { cookie: admin } });
    const body = termsAdminAnswer.parse(await res.json());
    expect(body.is_default).toBe(true);
    expect(body.terms).toEqual(await publicTerms());
  });

  it('saves own terms, audited with the parts that changed, and restores the default with null', async () => {
    const res = await put({ terms: own });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(termsAdminAnswer.parse(await res.json()).is_default).toBe(false);
    expect(await publicTerms()).toEqual(own);
    expect((await lastEntry())?.detail).toEqual({
      changed: ['conclusion', 'introduction', 'lastUpdated', 'sections', 'title'],
      restored_default: false,
    });

    await put({ terms: { ...own, title: 'Alpha Rules v2' } });
    expect((await lastEntry())?.detail).toEqual({ changed: ['title'], restored_default: false });

    const back = await put({ terms: null });
    expect(termsAdminAnswer.parse(await back.json()).is_default).toBe(true);
    expect((await publicTerms()).title).toBe('Terms and Conditions');
    expect((await lastEntry())?.summary).toBe('Restored the default terms and conditions');
  });

  it('is 400 for incomplete or oversized terms', async () => {
    for (const terms of [
      { ...own, title: '' },
      { ...own, introduction: 'x'.repeat(5001) },
      { ...own, sections: [{ title: 'No items' }] },
      'plain text',
    ]) {
      const res = await put({ terms });
      expect(res.status, JSON.stringify(terms).slice(0, 80)).toBe(400);
    }
    expect((await put({})).status).toBe(400);
  });
});
