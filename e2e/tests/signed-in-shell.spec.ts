import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_DOMAIN, fetchDemoTenant, withDemo } from '../support/demo.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

test.describe('signed-in shell', () => {
  test('home sends a member to the dashboard, with the actions their permissions allow @phone', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    await page.goto(withDemo('/'));

    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ideas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Post Your Idea' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Invite Others' })).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Ideas' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'People' })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'dashboard');
  });

  test('the profile menu lists the entries of SPEC §2 for an administrator @phone', async ({
    page,
    request,
  }, testInfo) => {
    const tenant = await fetchDemoTenant(request);
    await signIn(page, 'admin');
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: /Account menu for Elena Marquez/ }).click();

    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My Ideas',
      'My Profile',
      'Following',
      // CONTRACT §9 adds the member's own interest requests and mail settings to SPEC §2's entries,
      // and §11 the account screen.
      'My interest requests',
      'Notification settings',
      'Account and security',
      'Help Center',
      'Terms and Conditions',
      'Administration',
      'Sign Out',
    ]);
    const help = await menu.getByRole('menuitem', { name: 'Help Center' }).getAttribute('href');
    expect(help).toBe(
      `mailto:support@kindling.example?subject=${encodeURIComponent(
        (tenant.branding as unknown as { helpCenter: { subject: string } }).helpCenter.subject,
      )}`,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'profile-menu', { fullPage: false });

    await menu.getByRole('menuitem', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a member without a permission sees neither its entries nor its routes', async ({
    page,
  }) => {
    await signIn(page, 'student');
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem', { name: 'My Ideas' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Invite Others' })).toHaveCount(0);

    for (const path of ['/invite-others', '/admin/users']) {
      await page.goto(withDemo(path));
      await expect(page).toHaveURL(/\/dashboard\?tenant=/);
    }
  });

  test('signing out asks first, then forgets the member and goes home @phone', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    let signOuts = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/v1/auth/sign-out')) signOuts += 1;
    });
    await page.goto(withDemo('/people'));
    const openDialog = async () => {
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      return page.getByRole('alertdialog', { name: 'Are you sure you want to log out?' });
    };

    let dialog = await openDialog();
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'logout-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    expect(signOuts).toBe(0);

    dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Yes, Logout' }).click();
    await expect(dialog).toBeHidden();
    expect(signOuts).toBe(1);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('persist:kindling'))) ?? '{}',
    );
    expect(stored.user).toBeNull();
    expect(stored.roles).toEqual([]);
    expect(stored.tenant?.domain).toBe(DEMO_DOMAIN);
    const session = await page.request.get('/api/v1/auth/session');
    expect(session.status(), 'the session is revoked on the server').toBe(401);
  });

  test('a failed sign-out keeps the member signed in and says so in a toast @phone', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    // The one stand-in left: a sign-out call that fails.
    await page.route('**/api/v1/auth/sign-out', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Yes, Logout' }).click();

    const toast = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Logout failed, please try again.' });
    await expect(page.getByText('Logout failed, please try again.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    // A toast closes itself after 5 s unless the pointer rests on it, as it does here.
    await page.getByText('Logout failed, please try again.').hover();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'toast', { fullPage: false });
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(page.getByText('Logout failed, please try again.')).toBeHidden();
    await expect(toast).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('on a phone the drawer holds the member’s navigation @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the drawer exists at 576 px or less');
    await signIn(page, 'admin');
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toHaveText([
      'Ideas',
      'People',
      'My Ideas',
      'Following',
      'Post Your Idea',
      'Invite Others',
    ]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'drawer-signed-in', { fullPage: false });

    await drawer.getByRole('link', { name: 'People' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  });
});
