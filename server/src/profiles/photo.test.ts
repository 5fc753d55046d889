import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { uploads } from '../db/schema-people.ts';
import { tenants } from '../db/schema-tenants.ts';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
const PHOTO_TYPE = 'Please upload a JPEG, PNG, GIF, or SVG image.';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

describe('photo upload', () => {
  let t: TestApp;
  let alpha: Tenant;
  let beta: Tenant;
  let meId: number;
  let otherId: number;
  let betaId: number;
  let meCookie: string;
  let betaCookie: string;

  const upload = (
    userId: number,
    cookie: string | null,
    bytes: Uint8Array | string,
    name = 'photo.png',
    type = 'image/png',
  ) => {
    const form = new FormData();
    const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('file', new Blob([part], { type }), name);
    return t.request(`/api/v1/profiles/${userId}/photo`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
  };

  const uploadOk = async (bytes: Uint8Array | string, name?: string, type?: string) => {
    const res = await upload(meId, meCookie, bytes, name, type);
    expect(res.status, await res.clone().text()).toBe(200);
    const { profile_image_url: url } = (await res.json()) as { profile_image_url: string };
    const served = await t.request(url);
    expect(served.status).toBe(200);
    return { url, served, bytes: Buffer.from(await served.arrayBuffer()) };
  };

  const expectNotAPhoto = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: PHOTO_TYPE,
      status: 400,
      details: [{ field: 'file', error: PHOTO_TYPE }],
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    const member = async (tenantId: number) => {
      const user = await makeUser(t.db, tenantId, {
        linkedinUrl: 'https://www.linkedin.com/in/someone',
      });
      await giveAccount(t.db, tenantId, user.id);
      return user.id;
    };
    meId = await member(alpha.tenantId);
    otherId = await member(alpha.tenantId);
    betaId = await member(beta.tenantId);
    meCookie = await sessionCookie(t.db, t.deps.config.secretKey, alpha.tenantId, meId);
    betaCookie = await sessionCookie(t.db, t.deps.config.secretKey, beta.tenantId, betaId);
  });
  afterAll(() => t.close());

  it('re-encodes a PNG to a JPEG served with its type, nosniff and a year of caching', async () => {
    const png = await sharp({
      create: {
        width: 40,
        height: 30,
        channels: 4,
        background: { r: 0, g: 0, b: 255, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const { url, served, bytes } = await uploadOk(png, '../../../etc/passwd.png');
    expect(url).toMatch(new RegExp(`^/uploads/${alpha.tenantId}/${meId}/[A-Za-z0-9_-]{24}\\.jpg$`));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    const file = path.join(t.deps.config.dataDir, 'uploads', url.slice('/uploads/'.length));
    expect(readFileSync(file)).toEqual(bytes);
    expect(existsSync(path.join(t.deps.config.dataDir, 'etc'))).toBe(false);
  });

  it('issues a fresh random key for every upload', async () => {
    const png = await solid(8, 8, 'red').png().toBuffer();
    const first = await uploadOk(png);
    const second = await uploadOk(png);
    expect(first.url).not.toBe(second.url);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const red = await solid(10, 10, 'red').png().toBuffer();
    const blue = await solid(10, 10, 'blue').png().toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);
    const { bytes } = await uploadOk(gif, 'moving.gif', 'image/gif');
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([10, 10]);
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('rasterises an SVG: what is stored and served is a JPEG with nothing of the SVG', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="45" onload="alert(1)">' +
      '<script>alert(document.cookie)</script><rect width="60" height="45" fill="green"/></svg>';
    const { served, bytes } = await uploadOk(svg, 'logo.svg', 'image/svg+xml');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.toString('latin1')).not.toMatch(/svg|script|alert/i);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 60, height: 45 });
  });

  it('strips EXIF from a JPEG', async () => {
    const jpeg = await solid(30, 20, 'white')
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-owner', Artist: 'Hidden Artist' } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('secret-exif-owner');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { bytes } = await uploadOk(jpeg, 'camera.jpg', 'image/jpeg');
    expect(bytes.toString('latin1')).not.toContain('secret-exif-owner');
    expect(bytes.toString('latin1')).not.toContain('Hidden Artist');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('scales a large image down to at most 1600 pixels a side', async () => {
    const big = await solid(4000, 3000, 'orange').png().toBuffer();
    const { bytes } = await uploadOk(big);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1600, height: 1200 });
  });

  it('drops what trails a real image, such as HTML appended to a PNG', async () => {
    const png = await solid(12, 12, 'purple').png().toBuffer();
    const trailing = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const { bytes } = await uploadOk(trailing);
    expect(bytes.toString('latin1')).not.toContain('<script');
  });

  it('accepts a body between the global 1 MiB limit and 10 MiB', async () => {
    const noise = await sharp(randomBytes(1100 * 1100 * 3), {
      raw: { width: 1100, height: 1100, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    await uploadOk(noise);
  });

  it('refuses what is not a JPEG, PNG, GIF or SVG image, whatever its name and type say', async () => {
    const webp = await solid(10, 10, 'red').webp().toBuffer();
    const tiff = await solid(10, 10, 'red').tiff().toBuffer();
    const cases: [Uint8Array | string, string, string][] = [
      ['just some text, honestly', 'notes.png', 'image/png'],
      ['GIF89a<html><body><script>alert(1)</script></body></html>', 'poly.gif', 'image/gif'],
      [
        '<!DOCTYPE html><html><body><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"></svg><script>alert(1)</script></body></html>',
        'page.svg',
        'image/svg+xml',
      ],
      ['<html><svg xmlns="http://www.w3.org/2000/svg"/></html>', 'x.svg', 'image/svg+xml'],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'cut.jpg', 'image/jpeg'],
      [webp, 'photo.png', 'image/png'],
      [tiff, 'photo.jpg', 'image/jpeg'],
      ['', 'empty.png', 'image/png'],
    ];
    for (const [bytes, name, type] of cases) {
      await expectNotAPhoto(await upload(meId, meCookie, bytes, name, type));
    }
  });

  it('needs the file field', async () => {
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'x.png');
    const res = await t.request(`/api/v1/profiles/${meId}/photo`, {
      method: 'POST',
      body: form,
      headers: { cookie: meCookie },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([
      { field: 'file', error: 'Please select a file to upload.' },
    ]);
    const json = await t.request(
      `/api/v1/profiles/${meId}/photo`,
      jsonInit('POST', { file: 'x' }, meCookie),
    );
    expect(json.status).toBe(400);
  });

  it('is 413 over 10 MiB', async () => {
    const res = await upload(meId, meCookie, randomBytes(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('uploads only for yourself; another tenant cannot upload for your user', async () => {
    const png = await solid(8, 8, 'red').png().toBuffer();
    expect((await upload(meId, null, png)).status).toBe(401);
    expect((await upload(otherId, meCookie, png)).status).toBe(403);
    expect((await upload(meId, betaCookie, png)).status).toBe(403);
    expect((await upload(betaId, meCookie, png)).status).toBe(403);
  });

  it('the profile keeps its photo until a save names the new URL, which then shows', async () => {
    const png = await solid(8, 8, 'teal').png().toBuffer();
    const { url } = await uploadOk(png);
    const before = await (
      await t.request(`/api/v1/profiles/${meId}`, { headers: { cookie: meCookie } })
    ).json();
    expect(before.profile_image_url).not.toBe(url);
    const body = { first_name: 'Grace', last_name: 'Member', bio: 'Hi', profile_image_url: url };
    const saved = await t.request(`/api/v1/profiles/${meId}`, jsonInit('PUT', body, meCookie));
    expect((await saved.json()).profile.profile_image_url).toBe(url);
    const session = await (
      await t.request(`/api/v1/users/${meId}`, { headers: { cookie: meCookie } })
    ).json();
    expect(session.profileImageUrl).toBe(url);
    const byOther = await t.request(
      `/api/v1/profiles/${betaId}`,
      jsonInit('PUT', { ...body, first_name: 'Bea' }, betaCookie),
    );
    expect((await byOther.json()).details).toEqual([
      { field: 'profile_image_url', error: 'Please upload the photo before saving it.' },
    ]);
  });

  it('deletes the replaced photo and day-old unsaved uploads when a save commits', async () => {
    const user = await makeUser(t.db, alpha.tenantId, {
      linkedinUrl: 'https://www.linkedin.com/in/tidy',
    });
    await giveAccount(t.db, alpha.tenantId, user.id);
    const cookie = await sessionCookie(t.db, t.deps.config.secretKey, alpha.tenantId, user.id);
    const png = await solid(8, 8, 'navy').png().toBuffer();
    const uploadUrl = async () =>
      ((await (await upload(user.id, cookie, png)).json()) as { profile_image_url: string })
        .profile_image_url;
    const save = (url: string) =>
      t.request(
        `/api/v1/profiles/${user.id}`,
        jsonInit(
          'PUT',
          { first_name: 'Tidy', last_name: 'Member', bio: 'Hi', profile_image_url: url },
          cookie,
        ),
      );

    const first = await uploadUrl();
    expect((await save(first)).status).toBe(200);
    const abandoned = await uploadUrl();
    await t.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(and(eq(uploads.tenantId, alpha.tenantId), eq(uploads.url, abandoned)));
    const pending = await uploadUrl();
    const second = await uploadUrl();
    expect((await save(second)).status).toBe(200);

    expect((await t.request(first)).status).toBe(404);
    expect((await t.request(abandoned)).status).toBe(404);
    expect((await t.request(pending)).status).toBe(200);
    expect((await t.request(second)).status).toBe(200);
    const kept = await t.db
      .select({ url: uploads.url })
      .from(uploads)
      .where(and(eq(uploads.tenantId, alpha.tenantId), eq(uploads.userId, user.id)));
    expect(kept.map((row) => row.url).sort()).toEqual([pending, second].sort());
  });

  it('sweeps, in every tenant, day-old uploads that no profile or logo shows', async () => {
    const png = await solid(8, 8, 'teal').png().toBuffer();
    const photoOf = async (userId: number, cookie: string) =>
      ((await (await upload(userId, cookie, png)).json()) as { profile_image_url: string })
        .profile_image_url;
    const shown = await photoOf(meId, meCookie);
    const saved = await t.request(
      `/api/v1/profiles/${meId}`,
      jsonInit(
        'PUT',
        { first_name: 'Me', last_name: 'Member', bio: 'Hi', profile_image_url: shown },
        meCookie,
      ),
    );
    expect(saved.status).toBe(200);
    const abandoned = await photoOf(meId, meCookie);
    const abandonedElsewhere = await photoOf(betaId, betaCookie);
    const recent = await photoOf(meId, meCookie);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const logo = `/uploads/${beta.tenantId}/branding/logo-${randomBytes(4).toString('hex')}.png`;
    await t.db.insert(uploads).values({
      tenantId: beta.tenantId,
      userId: betaId,
      key: logo.slice('/uploads/'.length),
      url: logo,
      contentType: 'image/png',
      bytes: 1,
    });
    await t.db.update(tenants).set({ branding: { logo } }).where(eq(tenants.id, beta.tenantId));
    for (const url of [shown, abandoned, abandonedElsewhere, logo]) {
      await t.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.url, url));
    }

    // The sweep runs as the system, across tenants, since no member may be around to save again.
    expect(await t.sweeper.sweep()).toBeGreaterThanOrEqual(2);
    expect((await t.request(abandoned)).status).toBe(404);
    expect((await t.request(abandonedElsewhere)).status).toBe(404);
    expect((await t.request(shown)).status).toBe(200);
    expect((await t.request(recent)).status).toBe(200);
    const left = (await t.db.select({ url: uploads.url }).from(uploads)).map((row) => row.url);
    expect(left).toEqual(expect.arrayContaining([shown, recent, logo]));
    expect(left).not.toContain(abandoned);
    expect(left).not.toContain(abandonedElsewhere);
    expect(await t.sweeper.sweep()).toBe(0);
  });

  it('serves nothing at /uploads but issued keys: no listing, no traversal', async () => {
    const png = await solid(8, 8, 'red').png().toBuffer();
    const { url } = await uploadOk(png);
    const folder = url.slice(0, url.lastIndexOf('/'));
    const paths = [
      '/uploads',
      '/uploads/',
      `${folder}/`,
      folder,
      `${url}.part`,
      url.replace('.jpg', '.png'),
      `/uploads/${alpha.tenantId}/${meId}/AAAAAAAAAAAAAAAAAAAAAAAA.jpg`,
      '/uploads/..%2f..%2fpackage.json',
      `/uploads/${alpha.tenantId}/${meId}/..%2f..%2f..%2fsecret-key`,
      '/uploads/secret-key',
    ];
    for (const p of paths) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toMatch(/<html|jpg/i);
    }
  });
});
