import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type DemoTenant, demoUsers, fetchDemoTenant, withDemo } from '../support/demo.ts';
import { claimLinkFor } from '../support/mail.ts';
import { asAdmin, NEW_PASSWORD, newPerson, type Person } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

const fill = (text: string, firstName: string) => text.replaceAll('{firstName}', firstName);

async function chooseRole(page: Page, role: string) {
  await page
    .getByRole('combobox', { name: 'Current Involvement with the University' })
    .selectOption({ label: role });
}

async function fillInvitation(page: Page, person: Person, role: string) {
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await chooseRole(page, role);
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/e2e-invitee');
}

/** A page in a browser context of its own: another person on another machine. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Accepts on the accept-invite screen, sets NEW_PASSWORD, and stops on the review screen. */
async function acceptAndSetPassword(
  page: Page,
  tenant: DemoTenant,
  person: Person,
  shots?: string,
) {
  const texts = tenant.branding.claimProfile;
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: fill(texts.acceptInvite.welcome, person.firstName),
    }),
  ).toBeVisible();
  if (shots) {
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), `${shots}-accept`);
  }
  await page.getByRole('button', { name: 'Accept' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: texts.setPassword.title }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpassword');
  await page.getByRole('button', { name: 'Save My Password' }).click();
  await expect(page.getByText(texts.setPassword.passwordError)).toBeVisible();
  if (shots) {
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), `${shots}-set-password`);
  }
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save My Password' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: fill(texts.review.greeting, person.firstName) }),
  ).toBeVisible();
}

test.describe('invitations and the claim flow', () => {
  test('a request, approved in /admin, is claimed through the mailed link @phone', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const tenant = await fetchDemoTenant(request);
    const person = newPerson(testInfo, 'Requester');

    await page.goto(withDemo('/request-invite'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Request an Invitation' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Request Invitation' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(
      page.getByText('Please choose your current involvement with the University.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'request-invite-errors');

    await fillInvitation(page, person, 'Faculty');
    await expect(page.getByLabel('Google Scholar URL')).toBeVisible();
    await page
      .getByRole('button', { name: 'Clear Current Involvement with the University' })
      .click();
    await expect(page.getByLabel('Google Scholar URL')).toHaveCount(0);
    await expect(page.getByLabel('LinkedIn URL')).toHaveCount(0);
    await chooseRole(page, 'Faculty');
    await page
      .getByLabel('Google Scholar URL')
      .fill('https://scholar.google.com/citations?user=e2eAbCdEf12');
    await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/e2e-requester');
    await page.getByRole('button', { name: 'Request Invitation' }).click();

    const received = page.getByRole('dialog', { name: 'Request received' });
    await expect(received).toBeVisible();
    await expect(received.getByText('Your invitation request has been received.')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'request-invite-received', { fullPage: false });
    await received.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const admin = await freshPage(browser, baseURL);
    await signIn(admin, 'admin');
    await admin.goto(withDemo('/admin/requests'));
    const row = admin.getByRole('row', { name: new RegExp(person.name) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Faculty', { exact: true })).toBeVisible();
    await expectNoAxeViolations(admin);
    await saveScreenshot(admin, testInfo, 'admin-requests');
    await row.getByRole('button', { name: `Approve ${person.name}` }).click();
    await expect(
      admin.getByText(`Approved ${person.name}. A link to claim the profile was emailed.`),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await admin.context().close();

    await page.goto(await claimLinkFor(request, person.email));
    await acceptAndSetPassword(page, tenant, person, 'claim');
    await expect(page.locator('img[src="/images/default-profile.svg"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'claim-review');
    await page
      .getByRole('button', { name: tenant.branding.claimProfile.review.reviewButton })
      .click();

    await expect(page).toHaveURL(/\/profile\/\d+/);
    await expect(
      page.getByRole('button', { name: new RegExp(`Account menu for ${person.name}`) }),
    ).toBeVisible();
  });

  test('a faculty member’s invitation waits for an administrator before it can be claimed @phone', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const tenant = await fetchDemoTenant(request);
    const person = newPerson(testInfo, 'Invitee');

    await signIn(page, 'faculty');
    await page.goto(withDemo('/invite-others'));
    await expect(page.getByRole('heading', { level: 1, name: 'Invite Others' })).toBeVisible();
    await fillInvitation(page, person, 'Student');
    await expect(page.getByLabel('Google Scholar URL')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(
      page.getByText(`Invitation sent to ${person.name} (${person.email}).`),
    ).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'invite-sent');

    await page.getByLabel('First Name').fill(person.firstName);
    await page.getByLabel('Last Name').fill(person.lastName);
    await page.getByLabel('Email').fill(demoUsers.student);
    await chooseRole(page, 'Student');
    await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/e2e-invitee');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An account or invitation with this email already exists. Enter a different email.',
    );

    const invitee = await freshPage(browser, baseURL);
    const link = await claimLinkFor(request, person.email);
    await invitee.goto(link);
    await expect(
      invitee.getByRole('heading', {
        level: 1,
        name: tenant.branding.claimProfile.adminNotApproved.title,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(invitee);
    await saveScreenshot(invitee, testInfo, 'claim-admin-not-approved');

    const admin = await asAdmin(request);
    const pending = await (
      await admin.get('/api/v1/admin/users?admin_status_id=1&page_size=100')
    ).json();
    const record = pending.users.find((u: { email: string }) => u.email === person.email);
    expect(record?.invited_by_name).toBe('Priya Raman');
    expect(
      (
        await admin.put(`/api/v1/admin/users/${record.id}/approval`, {
          data: { admin_status_id: 2 },
        })
      ).status(),
    ).toBe(200);

    await invitee.reload();
    await acceptAndSetPassword(invitee, tenant, person);
    await invitee.context().close();
  });

  test('an administrator’s invitation is claimed at once, then the new member signs in', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const tenant = await fetchDemoTenant(request);
    const person = newPerson(testInfo, 'Colleague');

    await signIn(page, 'admin');
    await page.goto(withDemo('/invite-others'));
    await fillInvitation(page, person, 'Staff');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${person.name}`)).toBeVisible();

    const invitee = await freshPage(browser, baseURL);
    const link = await claimLinkFor(request, person.email);
    await invitee.goto(link);
    await acceptAndSetPassword(invitee, tenant, person);

    await invitee.goto(link);
    await expect(
      invitee.getByRole('heading', {
        level: 1,
        name: tenant.branding.claimProfile.awaitingLogin.title,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(invitee);
    await saveScreenshot(invitee, testInfo, 'claim-awaiting-login');
    await invitee.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(invitee).toHaveURL(/\/signin/);
    await invitee.getByLabel('Email').fill(person.email);
    await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await invitee.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(invitee).toHaveURL(/\/dashboard/);
    await invitee.context().close();
  });

  test('an invitation declined after a second thought stays declined @phone', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const tenant = await fetchDemoTenant(request);
    const texts = tenant.branding.claimProfile;
    const person = newPerson(testInfo, 'Decliner');
    const admin = await asAdmin(request);
    const created = await admin.post('/api/v1/admin/users', {
      data: {
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        role_id: 4,
      },
    });
    expect(created.status()).toBe(201);
    const link = await claimLinkFor(request, person.email);

    await page.goto(link);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: texts.declineAppeal.title }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'claim-decline-appeal');
    await page.getByRole('button', { name: texts.declineAppeal.reconsiderButton }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: fill(texts.acceptInvite.welcome, person.firstName),
      }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: texts.declineAppeal.confirmButton }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.declined.title })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'claim-declined');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: texts.declined.title })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('a broken link, and a signed-in member opening a link, are handled first @phone', async ({
    page,
    request,
  }, testInfo) => {
    const tenant = await fetchDemoTenant(request);
    await page.goto(withDemo('/accept-invitation?token=not-a-real-token'));
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: tenant.branding.claimProfile.invalidToken.title,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'claim-invalid-token');

    await signIn(page, 'student');
    await page.goto(withDemo('/accept-invitation?token=not-a-real-token'));
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: tenant.branding.claimProfile.invalidToken.title,
      }),
    ).toBeVisible();
    const session = await page.request.get('/api/v1/auth/session');
    expect(session.status(), 'the member was signed out').toBe(401);
  });

  test('a request with a known e-mail is offered sign-in', async ({ page }) => {
    await page.goto(withDemo('/request-invite'));
    await fillInvitation(
      page,
      { firstName: 'Priya', lastName: 'Raman', email: demoUsers.faculty, name: 'Priya Raman' },
      'Faculty',
    );
    await page.getByRole('button', { name: 'Request Invitation' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'An account with this email already exists. Enter a different email or Sign In.',
    );
    await alert.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/signin/);
  });
});
