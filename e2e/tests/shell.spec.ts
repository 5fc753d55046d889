import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_DOMAIN, fetchDemoTenant, withDemo } from '../support/demo.ts';
import { saveScreenshot } from '../support/screenshots.ts';

test.describe('application shell', () => {
  test('home shows the tenant’s branding @phone', async ({ page, request }, testInfo) => {
    const tenant = await fetchDemoTenant(request);
    await page.goto(withDemo('/'));

    await expect(
      page.getByRole('heading', { level: 1, name: tenant.branding.home.title }),
    ).toBeVisible();
    await expect(page).toHaveTitle(tenant.branding.productName);
    expect(tenant.branding.productName).toBe('Demo University');
    await expect(page.getByText('Demo University').first()).toBeVisible();
    const primary = await page.evaluate(() =>
      document.documentElement.style.getPropertyValue('--color-primary'),
    );
    expect(primary).toBe(tenant.branding.styles['color-primary']);
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'home');
  });

  test('remembers the tenant after a reload without the parameter', async ({ page, request }) => {
    const tenant = await fetchDemoTenant(request);
    await page.goto(withDemo('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant.branding.home.title);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant.branding.home.title);
    const stored = await page.evaluate(() => localStorage.getItem('persist:kindling'));
    expect(JSON.parse(stored ?? '{}').tenant?.domain).toBe(DEMO_DOMAIN);
  });

  test('an unknown domain asks for a tenant domain @phone', async ({ page }, testInfo) => {
    await page.goto('/?tenant=no-such-tenant.example');
    await expect(page.getByRole('heading', { name: 'Tenant Domain Required' })).toBeVisible();
    await expect(
      page.getByText('This application requires a tenant domain to load customized settings.'),
    ).toBeVisible();
    await expect(page.getByText('?tenant=your.domain').first()).toBeVisible();

    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'tenant-required');
  });

  test('no parameter and nothing stored asks for a tenant domain', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Tenant Domain Required' })).toBeVisible();
  });

  test('an unmatched path shows the not-found screen @phone', async ({
    page,
    request,
  }, testInfo) => {
    const tenant = await fetchDemoTenant(request);
    await page.goto(withDemo('/no-such-page'));
    await expect(
      page.getByRole('heading', { name: 'Oops! Page not found - /no-such-page' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'not-found');

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant.branding.home.title);
  });

  test('a signed-in route sends a signed-out visitor home', async ({ page, request }) => {
    const tenant = await fetchDemoTenant(request);
    await page.goto(withDemo('/dashboard'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant.branding.home.title);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).searchParams.get('tenant')).toBe(DEMO_DOMAIN);
  });

  test('the standalone terms page shows the tenant’s terms @phone', async ({
    page,
    request,
  }, testInfo) => {
    const tenant = await fetchDemoTenant(request);
    const terms = await (await request.get(`/api/v1/terms?tenant_id=${tenant.id}`)).json();
    await page.goto(withDemo('/terms-conditions'));

    await expect(page.getByRole('heading', { level: 1, name: terms.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'terms');
  });

  for (const [path, name] of [
    ['/signin', 'signin'],
    ['/forgot-password', 'forgot-password'],
    ['/request-invite', 'request-invite'],
    ['/accept-invitation', 'accept-invitation'],
  ] as const) {
    test(`the ${name} screen passes axe @phone`, async ({ page }, testInfo) => {
      await page.goto(withDemo(path));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, name);
    });
  }

  test('the skip link leads to the main content', async ({ page }) => {
    await page.goto(withDemo('/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the menu button opens the drawer, which closes on a wide viewport @phone', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the drawer exists at 576 px or less');
    await page.goto(withDemo('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const overflow = await page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(overflow, 'page scrolling is locked').toBe('hidden');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'drawer', { fullPage: false });

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(drawer).toBeHidden();
  });
});
