import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

test.describe('session watch', () => {
  test('an hour after sign-in the session-ended dialog signs the member out @phone', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    await signIn(page, 'student');
    await page.goto(withDemo('/dashboard'));
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

    await page.clock.fastForward('59:00');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.fastForward('01:00');

    const dialog = page.getByRole('alertdialog', { name: 'Your session has ended' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'session-ended', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Sign In Again' }).click();
    await expect(page).toHaveURL(/\/signin/);
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('persist:kindling'))) ?? '{}',
    );
    expect(stored.user).toBeNull();
    expect(stored.schools).toEqual([]);
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  });

  test('a session ended on the server signs the member out with a notice', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto(withDemo('/dashboard'));
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    // The reference data loads just after the first screen; revoked under it, those calls would
    // end the session (and show the notice) before the reload this journey is about.
    await page.waitForLoadState('networkidle');

    // Another device signing out revokes this very session on the server.
    expect((await page.request.post('/api/v1/auth/sign-out')).status()).toBe(200);
    await page.reload();

    await expect(
      page.getByText(
        'Your session has expired or you are not authorized to perform this action. Please log in again.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('persist:kindling'))) ?? '{}',
    );
    expect(stored.user).toBeNull();
  });
});
