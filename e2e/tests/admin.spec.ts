import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { claimLinkFor } from '../support/mail.ts';
import { newPerson } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

test.describe('administration', () => {
  test('the menu leads administrators to the console, whose members list shows standings @phone', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    await page.goto(withDemo('/terms-and-conditions'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    const consoleNav = page.getByRole('navigation', { name: 'Administration' });
    await expect(consoleNav.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await consoleNav.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/admin\/members/);
    // Other journeys invite people all the time; the demo's own members show every standing.
    await page.getByRole('searchbox', { name: 'Search members' }).fill('@demo.localhost');
    await expect(page).toHaveURL(/q=/);
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Active' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /Invited|Awaiting approval/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-members');
  });

  test('a created profile mails its claim link @phone', async ({ page, request }, testInfo) => {
    const person = newPerson(testInfo, 'Created');
    await signIn(page, 'admin');
    await page.goto(withDemo('/admin/create'));

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('Please enter a first name.')).toBeVisible();
    await expect(page.getByText('Please enter a email address.')).toBeVisible();
    await expect(
      page.getByText('Please choose current involvement with the University.'),
    ).toBeVisible();

    await page.getByLabel('First Name').fill(person.firstName);
    await page.getByLabel('Last Name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page
      .getByRole('combobox', { name: 'Role', exact: true })
      .selectOption({ label: 'Faculty' });
    await page
      .getByRole('combobox', { name: 'School', exact: true })
      .selectOption({ label: 'School of Medicine' });
    const department = page.getByRole('combobox', { name: 'Department', exact: true });
    await expect(department.getByRole('option', { name: 'Physics' })).toHaveCount(0);
    await department.selectOption({ label: 'Pediatrics' });
    await page
      .getByLabel('Google Scholar URL')
      .fill('https://scholar.google.com/citations?user=e2eXyZ12345');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-create-profile');
    await page.getByRole('button', { name: 'Create Profile' }).click();

    await expect(
      page.getByText(
        `Profile created for ${person.name}. A link to claim it was sent to ${person.email}.`,
      ),
    ).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    expect(await claimLinkFor(request, person.email)).toMatch(/tenant=demo\.localhost/);
  });
});

test('an administrator sets the time zone the digests go out in @phone', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name.startsWith('mobile');
  await signIn(page, 'admin');
  await exclusively('demo-settings', async () => {
    try {
      await page.goto(withDemo('/admin/branding'));
      await page.getByRole('link', { name: 'Time zone', exact: true }).click();
      const field = page.getByRole('combobox', { name: 'Time zone' });
      await expect(field).toHaveValue('UTC');
      if (mobile) {
        // A new screen: looked at and scanned at 375 px; the journey itself runs at 1280 px.
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'admin-time-zone', { fullPage: false });
        return;
      }
      await field.fill('Mars/Olympus');
      await page.getByRole('button', { name: 'Save time zone' }).click();
      await expect(field).toHaveAccessibleDescription(/must be an IANA time zone name/);
      await field.fill('europe/berlin');
      await page.getByRole('button', { name: 'Save time zone' }).click();
      await expect(page.getByText('Time zone saved.')).toBeVisible();
      // Saved under its canonical name, as the digests will read it.
      await expect(field).toHaveValue('Europe/Berlin');
      await expect(page.getByText('All changes saved')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'admin-time-zone', { fullPage: false });
    } finally {
      await page.request.put('/api/v1/admin/settings', { data: { time_zone: 'UTC' } });
    }
  });
});
