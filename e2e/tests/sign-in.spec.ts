import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, demoUsers, fetchDemoTenant, withDemo } from '../support/demo.ts';
import { asAdmin, claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

test.describe('sign in', () => {
  test('returns a member to the page a guard turned them away from, with reference data loaded @phone', async ({
    page,
  }, testInfo) => {
    await page.goto(withDemo('/people?page=1'));
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'signin-required');

    await page.getByLabel('Email').fill(demoUsers.student);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
      'type',
      'text',
    );
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page).toHaveURL(
      (url) => url.pathname === '/people' && url.search.includes('page=1'),
    );
    const stored = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('persist:kindling') ?? '{}'));
    await expect.poll(async () => (await stored()).user?.email).toBe(demoUsers.student);
    await expect
      .poll(async () => (await stored()).roles?.map((r: { id: number }) => r.id))
      .toEqual([1, 2, 3, 4]);
    const slices = await stored();
    for (const slice of ['schools', 'departments', 'support_or_partnership', 'ip_statuses']) {
      expect(slices[slice].length, slice).toBeGreaterThan(0);
    }
  });

  test('a wrong password offers to reset it or to request an invitation @phone', async ({
    page,
  }, testInfo) => {
    await page.goto(withDemo('/signin'));
    await page.getByLabel('Email').fill(demoUsers.faculty);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-the-password-1!');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'Your password is incorrect. Please reset your password or request an invitation.',
    );
    await expect(alert.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(alert.getByRole('link', { name: 'request an invitation.' })).toHaveAttribute(
      'href',
      '/request-invite',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'signin-wrong-password');

    await alert.getByRole('link', { name: 'reset your password' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
  });

  test('an unknown e-mail offers to request an invitation', async ({ page }) => {
    await page.goto(withDemo('/signin'));
    await page.getByLabel('Email').fill('nobody.here@demo.localhost');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'An account with this email does not exist. Enter a different email or request an invitation.',
    );
    await alert.getByRole('link', { name: 'request an invitation.' }).click();
    await expect(page).toHaveURL(/\/request-invite/);
  });

  test('an account no longer approved sees Account Pending Approval @phone', async ({
    page,
    request,
  }, testInfo) => {
    const person = newPerson(testInfo, 'Pending');
    const { id } = await claimedMember(request, person);
    const admin = await asAdmin(request);
    expect(
      (
        await admin.put(`/api/v1/admin/users/${id}/approval`, { data: { admin_status_id: 3 } })
      ).status(),
    ).toBe(200);

    await page.goto(withDemo('/signin'));
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Account Pending Approval' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Your account is awaiting approval from an administrator and will be accessible once approved.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'signin-pending-approval');

    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    const session = await page.request.get('/api/v1/auth/session');
    expect(session.status(), 'no session started').toBe(401);
  });

  test('a signed-in member never sees the form', async ({ page, request }) => {
    await fetchDemoTenant(request);
    await signIn(page, 'faculty');
    await page.goto(withDemo('/signin'));
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
