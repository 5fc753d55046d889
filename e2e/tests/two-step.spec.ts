import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// server/test/e2e-universities.ts makes this university for the journey: a second factor on a demo member
// would meet every other journey's sign-in.
const DOMAIN = 'mfa.localhost';
const ADMIN = `admin@${DOMAIN}`;
const at = (path: string) => `${path}?tenant=${DOMAIN}`;

/** The code the member's app would show: for the next step, which the server's ±1 step accepts. */
const nextCode = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function tenantId(request: APIRequestContext): Promise<number> {
  return ((await (await request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json()) as { id: number })
    .id;
}

/**
 * Turns the administrator's second factor off through the API, with a recovery code if one is on,
 * so a retried or later journey starts from the same place.
 */
async function turnOff(request: APIRequestContext, recoveryCode: string | undefined) {
  const tenant_id = await tenantId(request);
  const first = await request.post('/api/v1/auth/sign-in', {
    data: { email: ADMIN, password: DEMO_PASSWORD, tenant_id },
  });
  const answer = (await first.json()) as { challenge?: string };
  if (!answer.challenge) return;
  const signedIn = await request.post('/api/v1/auth/sign-in/mfa', {
    data: { challenge: answer.challenge, code: recoveryCode, tenant_id },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const off = await request.delete('/api/v1/auth/mfa/totp', { data: { password: DEMO_PASSWORD } });
  expect(off.status(), await off.text()).toBe(200);
}

async function signInWithPassword(page: Page) {
  await page.goto(at('/signin'));
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

/** Sets up the authenticator on the account screen: its secret and the recovery codes shown. */
async function setUp(page: Page, look?: () => Promise<void>) {
  await page.goto(at('/account'));
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: /QR code to add Two-Step University/ })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await look?.();
  const code = page.getByLabel('Enter the 6-digit code the app shows');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  return { secret, codes };
}

test.describe('two-step verification at 1280 px', () => {
  let codes: string[] = [];
  test.afterEach(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await turnOff(request, codes.at(-1));
    await request.dispose();
  });

  test('an administrator sets up an authenticator app, then signs in with its code and with a recovery code', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await exclusively('mfa-tenant', async () => {
      await page.goto(at('/signin'));
      await page.getByLabel('Email').fill(ADMIN);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Account and security' }).click();
      await expect(page.getByRole('heading', { name: 'Account and security' })).toBeVisible();

      const set = await setUp(page, () => saveScreenshot(page, testInfo, 'two-step-setup'));
      codes = set.codes;
      await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'two-step-recovery-codes');
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await expect(page.getByText('10 recovery codes are left.')).toBeVisible();

      // A wrong code is refused on the field; the app's code signs in.
      await signOut(page);
      await signInWithPassword(page);
      const field = page.getByLabel('Authentication code');
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await field.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('That code is not right.')).toBeVisible();
      await field.fill(nextCode(set.secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

      // A recovery code, once.
      await signOut(page);
      await signInWithPassword(page);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(set.codes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await page.goto(at('/account'));
      await expect(page.getByText('9 recovery codes are left.')).toBeVisible();

      // Off again, with the password.
      await page.getByLabel('Your password, to turn it off').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
      await expect(
        page.getByRole('button', { name: 'Set up two-step verification' }),
      ).toBeVisible();
      codes = [];
    });
  });
});

test.describe('two-step verification screens at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journey above covers the behaviour');
  let codes: string[] = [];
  test.afterEach(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await turnOff(request, codes.at(-1));
    await request.dispose();
  });

  test('the setup and the sign-in code step, looked at and scanned @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await exclusively('mfa-tenant', async () => {
      const tenant_id = await tenantId(page.request);
      const signedIn = await page.request.post('/api/v1/auth/sign-in', {
        data: { email: ADMIN, password: DEMO_PASSWORD, tenant_id },
      });
      expect(signedIn.status()).toBe(200);
      const set = await setUp(page, async () => {
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'two-step-setup');
      });
      codes = set.codes;
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'two-step-recovery-codes');
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await signOut(page);
      await signInWithPassword(page);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'two-step-sign-in');
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await expect(page.getByLabel('Recovery code')).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'two-step-sign-in-recovery');
    });
  });
});
