import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Locator, test } from '@playwright/test';
import S3rver from 's3rver';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoUsers } from '../support/demo.ts';
import { dropFile } from '../support/files.ts';
import { demoDataDir, type OwnServer, startOwnServer } from '../support/ownServer.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const BUCKET = 'kindling-journey';

/** The picture has arrived and decoded: blocked by CSP or missing, it would be 0 wide. */
const expectPictureShown = async (image: Locator) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

// The crop flow at both widths is proven by profile-edit.spec.ts; this journey proves where the
// photo is kept, so one width suffices and its own server keeps the run short.
test.describe('profile photo storage', () => {
  let s3: S3rver;
  let s3Endpoint: string;
  const dataDirs: string[] = [];
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  });
  test.afterAll(async () => {
    await server?.stop();
    await s3.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  for (const storage of ['local disk', 'S3'] as const) {
    test(`on ${storage}, a cropped photo is kept and survives a restart`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      const dataDir = demoDataDir('kindling-e2e-data-');
      dataDirs.push(dataDir);
      // Beside the shared server's port, so side-by-side runs on other ports do not collide.
      const port = Number(process.env.E2E_PORT ?? 3100) + 50;
      const env: Record<string, string> =
        storage === 'S3'
          ? {
              S3_BUCKET: BUCKET,
              S3_ENDPOINT: s3Endpoint,
              S3_ACCESS_KEY_ID: 'S3RVER',
              S3_SECRET_ACCESS_KEY: 'S3RVER',
            }
          : {};
      server = await startOwnServer(port, dataDir, env);
      const at = (route: string) =>
        `${server?.url}${route}${route.includes('?') ? '&' : '?'}tenant=${DEMO_DOMAIN}`;

      const tenant = await (
        await page.request.get(`${server.url}/api/v1/tenant?domain=${DEMO_DOMAIN}`)
      ).json();
      const signedIn = await page.request.post(`${server.url}/api/v1/auth/sign-in`, {
        data: { email: demoUsers.student, password: DEMO_PASSWORD, tenant_id: tenant.id },
      });
      expect(signedIn.status()).toBe(200);
      const userId: number = (await signedIn.json()).user.userId;

      await page.goto(at('/update-profile'));
      await dropFile(
        page,
        page.getByRole('button', { name: /Click to upload or drag and drop/ }),
        'png',
      );
      const dialog = page.getByRole('dialog', { name: 'Crop Profile Photo' });
      await dialog.getByRole('button', { name: 'Rotate' }).click();
      await dialog.getByRole('button', { name: 'Crop and Save' }).click();
      const uploaded = page.waitForResponse((r) => r.url().endsWith(`/profiles/${userId}/photo`));
      await page.getByRole('button', { name: 'Save', exact: true }).first().click();
      expect((await uploaded).status()).toBe(200);

      const saved = page.getByRole('dialog', { name: 'Profile updated successfully' });
      const photoUrl = (await saved.locator('img').getAttribute('src')) ?? '';
      const keyPattern = `\\d+/${userId}/[\\w-]+\\.jpg$`;
      expect(photoUrl).toMatch(
        new RegExp(
          storage === 'S3' ? `^${s3Endpoint}/${BUCKET}/${keyPattern}` : `^/uploads/${keyPattern}`,
        ),
      );
      await expectPictureShown(saved.locator('img'));

      expect(await server.stop()).toBe(0);
      server = await startOwnServer(port, dataDir, env);

      await page.goto(at(`/profile/${userId}`));
      const hero = page.locator('main img').first();
      await expect(hero).toHaveAttribute('src', photoUrl);
      await expectPictureShown(hero);
      const headerPhoto = page.getByRole('button', { name: /Account menu for/ }).locator('img');
      await expect(headerPhoto).toHaveAttribute('src', photoUrl);
      const stored = await page.request.get(new URL(photoUrl, server.url).href);
      expect(stored.headers()['content-type']).toBe('image/jpeg');
      await saveScreenshot(
        page,
        testInfo,
        `profile-photo-after-restart-${storage === 'S3' ? 's3' : 'disk'}`,
        {
          fullPage: false,
        },
      );
      await server.stop();
      server = undefined;
    });
  }
});
