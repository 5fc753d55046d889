import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn, signInWith } from '../support/session.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const RENEWED_PASSWORD = 'Renewed!2028';

test.describe('account and security (CONTRACT §11)', () => {
  test('a member ends a session on another device, then changes their password', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // A member of the journey's own: its sessions and password are no other journey's.
    const person = newPerson(testInfo, 'Devices');
    await claimedMember(page.request, person);
    await page.request.post('/api/v1/auth/sign-out');
    const laptop = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
    const elsewhere = await laptop.newPage();
    await signInWith(elsewhere.request, person.email, NEW_PASSWORD);
    await signInWith(page.request, person.email, NEW_PASSWORD);

    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Account and security' }).click();
    await expect(
      page.getByRole('heading', { name: 'Account and security', level: 1 }),
    ).toBeVisible();
    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('This device');
    await expect(devices.nth(1)).toContainText('Firefox on Windows');
    await saveScreenshot(page, testInfo, 'account-devices');

    await devices
      .nth(1)
      .getByRole('button', { name: /^Sign out Firefox on Windows/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out Firefox on Windows?' });
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The device has been signed out.')).toBeVisible();
    await expect(devices).toHaveCount(1);
    // The other browser finds itself signed out.
    expect((await elsewhere.request.get('/api/v1/auth/session')).status()).toBe(401);
    await elsewhere.goto(withDemo('/dashboard'));
    await expect(elsewhere).toHaveURL((url) => url.pathname !== '/dashboard');
    await laptop.close();

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('Not!TheRight1');
    await password.getByLabel('New password').fill(RENEWED_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is incorrect.')).toBeVisible();
    await password.getByLabel('Current password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(
      password.getByText('Your password has been changed. Every other device has been signed out.'),
    ).toBeVisible();
    // Still signed in here; the new password signs in anywhere else.
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    const phone = await browser.newContext({ baseURL });
    await signInWith(phone.request, person.email, RENEWED_PASSWORD);
    await phone.close();
  });

  test('the account screen @phone', async ({ page }, testInfo) => {
    await signIn(page, 'student');
    await page.goto(withDemo('/account'));
    await expect(
      page.getByRole('heading', { name: 'Account and security', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'account');
  });
});
