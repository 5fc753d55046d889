import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// scripts/e2e-server.mjs makes this university for the journey. A passkey's relying party is the
// tenant's host name, and WebAuthn refuses an IP address: these pages are served at its own host.
const DOMAIN = 'passkey.localhost';
const ADMIN = `admin@${DOMAIN}`;
const PORT = process.env.E2E_PORT ?? '3100';
const at = (path: string) => `http://${DOMAIN}:${PORT}${path}?tenant=${DOMAIN}`;

/**
 * Chromium's virtual authenticator (DevTools protocol), as a laptop's built-in one: resident keys,
 * user verification that always succeeds, no prompt to click.
 */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Removes what a journey left if it stopped half-way, while the browser is still signed in, so a
 * retry's password sign-in does not meet a passkey its new authenticator does not hold. From the
 * page itself: only the browser resolves passkey.localhost.
 */
async function removeLeftPasskeys(page: Page) {
  if (!page.url().startsWith(`http://${DOMAIN}:`)) await page.goto(at('/signin'));
  await page.evaluate(async (password) => {
    const list = await fetch('/api/v1/auth/passkeys');
    if (list.status !== 200) return;
    for (const { id } of ((await list.json()) as { passkeys: { id: number }[] }).passkeys) {
      await fetch(`/api/v1/auth/passkeys/${id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    }
  }, DEMO_PASSWORD);
}

async function signInWithPassword(page: Page) {
  await page.goto(at('/signin'));
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

async function addPasskey(page: Page, name: string) {
  await page.goto(at('/account'));
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  await section.getByLabel('Passkey name').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText(name);
  // The toast would cover the section in a screenshot.
  await page.getByRole('button', { name: 'Close notification' }).click();
  // From the top, so the sticky header heads the full-page screenshot instead of crossing it.
  await page.evaluate(() => window.scrollTo(0, 0));
  return section;
}

const onDashboard = (page: Page) => expect(page).toHaveURL((url) => url.pathname === '/dashboard');

test.describe('passkeys at 1280 px', () => {
  test.afterEach(async ({ page }) => removeLeftPasskeys(page));

  test('an administrator adds a passkey, signs in with it alone and as the second step, then removes it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await exclusively('passkey-tenant', async () => {
      await addAuthenticator(page);
      await signInWithPassword(page);
      await onDashboard(page);
      const section = await addPasskey(page, 'Work laptop');
      await expect(section.getByText(/last used never/)).toBeVisible();
      await saveScreenshot(page, testInfo, 'passkeys-section');

      // Without a password: the passkey is both factors.
      await signOut(page);
      await page.goto(at('/signin'));
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await onDashboard(page);

      // With the password, the passkey is now the second step.
      await signOut(page);
      await signInWithPassword(page);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'passkey-second-step');
      await page.getByRole('button', { name: 'Use my passkey' }).click();
      await onDashboard(page);

      // Removed with the password: a password sign-in is one step again.
      await page.goto(at('/account'));
      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      await section.getByLabel('Your password, to remove Work laptop').fill(DEMO_PASSWORD);
      await section.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(section.getByText('You have no passkey yet.')).toBeVisible();
      await signOut(page);
      await signInWithPassword(page);
      await onDashboard(page);
    });
  });
});

test.describe('passkey screens at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journey above covers the behaviour');
  test.afterEach(async ({ page }) => removeLeftPasskeys(page));

  test('the passkeys section and the passkey sign-in, looked at and scanned @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await exclusively('passkey-tenant', async () => {
      await addAuthenticator(page);
      await signInWithPassword(page);
      await onDashboard(page);
      await addPasskey(page, 'Phone');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'passkeys-section');

      await signOut(page);
      await page.goto(at('/signin'));
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'passkey-sign-in');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await onDashboard(page);
      await removeLeftPasskeys(page);
    });
  });
});
