import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoUsers } from '../support/demo.ts';
import { demoDataDir, type OwnServer, startOwnServer } from '../support/ownServer.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const root = path.resolve(import.meta.dirname, '../..');
const OTHER = 'other.localhost';

// SPEC §4: the session's tenant must be the tenant on screen. The shared server has one tenant, so
// this journey has a server of its own with a second; the check does not depend on the width.
test.describe('a session on another tenant’s screen', () => {
  let dataDir: string | undefined;
  let server: OwnServer | undefined;

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a link naming another university signs the member out before showing anything', async ({
    page,
  }, testInfo) => {
    // A CLI run and a server start come first: more than a journey's 60 s when loaded.
    test.setTimeout(240_000);
    const folder = demoDataDir('kindling-e2e-tenants-');
    dataDir = folder;
    const cli = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/src/cli/main.ts', ...args],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
        },
      );
    await cli(
      'tenant',
      'create',
      '--domain',
      OTHER,
      '--name',
      'Other University',
      '--admin-email',
      `admin@${OTHER}`,
      '--admin-password',
      DEMO_PASSWORD,
    );
    // Beside the shared server's port, so side-by-side runs on other ports do not collide.
    server = await startOwnServer(Number(process.env.E2E_PORT ?? 3100) + 60, folder);
    const { url } = server;
    const demo = await (
      await page.request.get(`${url}/api/v1/tenant?domain=${DEMO_DOMAIN}`)
    ).json();
    const signedIn = await page.request.post(`${url}/api/v1/auth/sign-in`, {
      data: { email: demoUsers.student, password: DEMO_PASSWORD, tenant_id: demo.id },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${url}/dashboard?tenant=${DEMO_DOMAIN}`);
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

    await page.goto(`${url}/dashboard?tenant=${OTHER}`);
    await expect(page).toHaveURL((at) => at.pathname === '/');
    await expect(page.getByRole('button', { name: /Account menu for/ })).toHaveCount(0);
    expect((await page.request.get(`${url}/api/v1/auth/session`)).status()).toBe(401);
    await saveScreenshot(page, testInfo, 'foreign-session-signed-out', { fullPage: false });
  });
});
