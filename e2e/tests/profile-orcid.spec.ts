import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { memberId, watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

// The university server/test/e2e-universities.ts makes for this journey: an iD belongs to one member of a
// tenant, so the demo tenant's members are left alone.
const DOMAIN = 'orcid.localhost';
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}tenant=${DOMAIN}`;
/** ORCID's own example iD, and the same with a wrong check digit. */
const GOOD = '0000-0002-1825-0097';
const BAD = '0000-0002-1825-0098';
/** The iD ORCID's sign-in answers with (the login typed there), another of ORCID's examples. */
const LINKED = '0000-0002-1694-233X';
// PUBLIC_URL's origin, where the server sends ORCID's answer (its registered redirect URI).
const APP = `http://localhost:${process.env.E2E_PORT ?? '3100'}`;

async function signInAsAdministrator(page: Page, origin = '') {
  const tenant = await (await page.request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json();
  const answer = await page.request.post(`${origin}/api/v1/auth/sign-in`, {
    data: { email: `admin@${DOMAIN}`, password: DEMO_PASSWORD, tenant_id: tenant.id },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { user: { userId: number } }).user.userId;
}

async function typeId(page: Page, orcid: string) {
  await page.getByRole('textbox', { name: 'ORCID iD' }).fill(orcid);
  await page.getByRole('button', { name: 'Save iD' }).click();
}

async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  const section = page.getByRole('region', { name: 'ORCID iD' });
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, name, { fullPage: false });
}

// CONTRACT §10: a typed iD, checked as ORCID checks it, shown on the profile unverified.
test.describe('ORCID iD', () => {
  test('a member types a wrong iD, then a right one, and sees it on their profile', async ({
    page,
  }, testInfo) => {
    await exclusively('orcid-tenant', async () => {
      const trouble = watchForTrouble(page);
      const userId = await signInAsAdministrator(page);
      await page.goto(at('/update-profile'));
      await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

      await typeId(page, BAD);
      await expect(page.getByText('Please enter a valid ORCID iD.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'ORCID iD' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      const saved = page.waitForResponse((r) => r.url().endsWith(`/profiles/${userId}/orcid`));
      await typeId(page, `https://orcid.org/${GOOD}`);
      expect((await saved).status()).toBe(200);
      await expect(page.getByText('Your ORCID iD is saved.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'ORCID iD' })).toHaveValue(GOOD);
      await lookAt(page, testInfo, 'orcid-saved');

      await page.goto(at(`/profile/${userId}`));
      const link = page.getByRole('link', { name: new RegExp(`https://orcid.org/${GOOD}`) });
      await expect(link).toHaveAttribute('href', `https://orcid.org/${GOOD}`);
      // A typed iD is unverified: neither ORCID's iD icon nor the mark.
      await expect(link.getByText('verified')).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'orcid-profile', { fullPage: false });

      // Cleared again, so the journey can run once more on the same server.
      await page.goto(at('/update-profile'));
      await typeId(page, '');
      await expect(page.getByText('Your ORCID iD is removed.')).toBeVisible();
      expect(trouble).toEqual([]);
    });
  });

  test('a member links their iD through ORCID’s sign-in and their profile shows it verified', async ({
    page,
  }, testInfo) => {
    await exclusively('orcid-tenant', async () => {
      // ORCID sends the browser back to PUBLIC_URL's origin: the member works there.
      const userId = await signInAsAdministrator(page, APP);
      await page.goto(at(`${APP}/update-profile`));
      await page.getByRole('link', { name: 'Link with ORCID' }).click();

      // ORCID's sign-in (a real OpenID Connect provider on its own origin), as the member.
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
      await page.locator('input[name="login"]').fill(LINKED);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();

      await expect(page).toHaveURL(/\/update-profile\?.*orcid=linked/);
      // Watched from here: the stand-in's own sign-in page asks for a favicon and fonts it lacks.
      const trouble = watchForTrouble(page);
      await expect(page.getByText('Your ORCID iD is linked and verified.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'ORCID iD' })).toHaveValue(LINKED);
      await expect(
        page.getByText('Verified through ORCID’s sign-in.', { exact: false }),
      ).toBeVisible();
      await lookAt(page, testInfo, 'orcid-linked');

      await page.goto(at(`${APP}/profile/${userId}`));
      const link = page.getByRole('link', { name: new RegExp(`https://orcid.org/${LINKED}`) });
      await expect(link.getByText('verified')).toBeVisible();
      // ORCID's iD icon, before the address as ORCID's guidelines place it.
      await expect(link.locator('svg[class*="orcidIcon"]')).toBeVisible();
      await saveScreenshot(page, testInfo, 'orcid-linked-profile', { fullPage: false });

      // Unlinked again, so the journey can run once more on the same server.
      const cleared = await page.request.put(`${APP}/api/v1/profiles/${userId}/orcid`, {
        data: { orcid: null },
      });
      expect(cleared.status()).toBe(200);
      expect(trouble).toEqual([]);
    });
  });

  test('a demo member’s linked iD shows ORCID’s iD icon and the verified mark', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'faculty');
    await page.goto(withDemo(`/profile/${await memberId(page, 'Michael Chen')}`));
    const link = page.getByRole('link', { name: /https:\/\/orcid\.org\/0000-0009-1234-5678/ });
    await expect(link.getByText('verified')).toBeVisible();
    await expect(page.getByText(/Total citations|citations/i).first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'orcid-verified');
  });

  test('the field and its message at 375 px @phone', async ({ page }, testInfo) => {
    await exclusively('orcid-tenant', async () => {
      await signInAsAdministrator(page);
      await page.goto(at('/update-profile'));
      await typeId(page, BAD);
      await expect(page.getByText('Please enter a valid ORCID iD.')).toBeVisible();
      await lookAt(page, testInfo, 'orcid-field');
    });
  });
});
