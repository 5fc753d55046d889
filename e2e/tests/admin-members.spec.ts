import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, demoUsers, fetchDemoTenant, withDemo } from '../support/demo.ts';
import { claimedMember, NEW_PASSWORD, newPerson, type Person } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn, signInWith } from '../support/session.ts';

const DISABLED_MESSAGE = 'Your account has been disabled. Please contact your administrator.';

/** Narrows the members list to one person by the search box, and answers their row. */
async function findMember(page: Page, person: Person) {
  await page.getByRole('searchbox', { name: 'Search members' }).fill(person.email);
  const row = page.getByRole('row', { name: new RegExp(person.name) });
  await expect(row).toBeVisible();
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  return row;
}

async function chooseAction(page: Page, person: Person, action: string) {
  await page.getByRole('button', { name: `Actions for ${person.name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Tries the sign-in screen in a browser of its own, as the member would. */
async function signInAs(browser: Browser, baseURL: string | undefined, person: Person) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(withDemo('/signin'));
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return page;
}

test.describe('administration: overview, members, audit log', () => {
  test('the overview is the console’s landing section, each chart with its figures @phone', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    await page.goto(withDemo('/admin'));
    await expect(page.getByRole('table', { name: 'Members by status' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Active members by role' })).toBeVisible();
    const ideas = page.getByRole('figure', { name: /Ideas posted/ });
    await expect(ideas).toContainText(/\d+ in 12 months/);
    await ideas.getByText('Show as a table').click();
    await expect(ideas.getByRole('table', { name: 'Ideas posted' }).getByRole('row')).toHaveCount(
      13,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-overview');

    await page
      .getByRole('table', { name: 'Members by status' })
      .getByRole('link', { name: 'Active' })
      .click();
    await expect(page).toHaveURL(/\/admin\/members\?status=active/);
    await expect(page.getByLabel('Status')).toHaveValue('active');
  });

  test('a pending request is approved from the members list', async ({
    page,
    request,
  }, testInfo) => {
    const person = newPerson(testInfo, 'Pending');
    const tenant = await fetchDemoTenant(request);
    const requested = await request.post(`/api/v1/request-invitation?tenant_id=${tenant.id}`, {
      data: {
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        role_id: 1,
        linkedin_url: 'https://www.linkedin.com/in/e2e-pending',
      },
    });
    expect(requested.status()).toBe(201);

    await signIn(page, 'admin');
    await page.goto(withDemo('/admin/members'));
    await page.getByLabel('Status').selectOption('pending');
    await expect(page).toHaveURL(/status=pending/);
    const row = await findMember(page, person);
    await expect(row.getByText('Awaiting approval')).toBeVisible();
    await chooseAction(page, person, 'Approve');
    await expect(
      page.getByText(`Approved ${person.name}. A link to claim the profile was emailed.`),
    ).toBeVisible();
    await expect(page.getByText('No members found')).toBeVisible();
    await page.getByLabel('Status').selectOption('invited');
    await expect(row.getByText('Invited')).toBeVisible();
  });

  test('search, filter, change a role, disable and re-enable a member; all of it in the audit log @phone', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const person = newPerson(testInfo, 'Managed');
    // A request context of its own, so signing it in as the administrator leaves `page` alone.
    const setup = await browser.newContext({ baseURL });
    await claimedMember(setup.request, person);
    await setup.close();

    await signIn(page, 'admin');
    await page.goto(withDemo('/admin/members'));
    const row = await findMember(page, person);
    await page.getByLabel('Status').selectOption('active');
    await page.getByLabel('Role').selectOption({ label: 'Student' });
    await expect(row).toBeVisible();
    await page.getByLabel('Role').selectOption({ label: 'Faculty' });
    await expect(page.getByText('No members found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search members' })).toHaveValue('');
    await findMember(page, person);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-members-search');

    await chooseAction(page, person, 'Change role and permissions…');
    const roleDialog = page.getByRole('dialog', { name: `Role and permissions of ${person.name}` });
    await roleDialog.getByLabel('Role').selectOption({ label: 'Faculty' });
    await roleDialog.getByLabel('Invite others').check();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-members-role', { fullPage: false });
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(`Updated the role and permissions of ${person.name}.`),
    ).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Faculty', exact: true })).toBeVisible();

    await chooseAction(page, person, 'Disable…');
    const confirm = page.getByRole('alertdialog', { name: `Disable ${person.name}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-members-disable', { fullPage: false });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(`Disabled ${person.name}.`)).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

    const refused = await signInAs(browser, baseURL, person);
    await expect(refused.getByText(DISABLED_MESSAGE)).toBeVisible();
    await saveScreenshot(refused, testInfo, 'signin-disabled');
    await refused.context().close();

    await chooseAction(page, person, 'Re-enable');
    await expect(page.getByText(`Re-enabled ${person.name}.`)).toBeVisible();
    const welcomed = await signInAs(browser, baseURL, person);
    await expect(welcomed).toHaveURL(/\/dashboard/);
    await welcomed.context().close();

    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('searchbox', { name: 'Search entries' }).fill(person.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entries = page.getByRole('table', { name: 'Audit log, newest first' });
    await expect(entries.getByRole('row')).toHaveCount(5);
    const actions = await entries.locator('tbody code').allTextContents();
    expect(actions).toEqual(['member.enable', 'member.disable', 'member.role', 'member.create']);
    await expect(entries).toContainText(demoUsers.admin);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-audit');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_email,action,target_type,target_id,summary');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(actions);
  });

  test('an administrator finds no way to disable or decline themselves', async ({ page }) => {
    await signInWith(page.request, demoUsers.admin, DEMO_PASSWORD);
    await page.goto(withDemo('/admin/members'));
    await page.getByRole('searchbox', { name: 'Search members' }).fill(demoUsers.admin);
    const me = page.getByRole('row', { name: /You/ });
    await expect(me).toBeVisible();
    await me.getByRole('button', { name: /^Actions for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Open profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Disable…' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Decline…' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Erase…' })).toHaveCount(0);
  });
});
