import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { claimLinkFor } from '../support/mail.ts';
import { NEW_PASSWORD, newPerson, type Person } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// server/test/e2e-universities.ts makes this university for the journey: erased members and their
// 'Former member' comments are no other journey's business.
const DOMAIN = 'privacy.localhost';
const ADMIN = `admin@${DOMAIN}`;
const at = (path: string) => `${path}?tenant=${DOMAIN}`;

async function tenantId(request: APIRequestContext): Promise<number> {
  return ((await (await request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json()) as { id: number })
    .id;
}

async function signInWith(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/v1/auth/sign-in', {
    data: { email, password, tenant_id: await tenantId(request) },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
}

/** A member the administrator made who claimed the profile with NEW_PASSWORD (CONTRACT §3). */
async function claimedMember(admin: APIRequestContext, person: Person): Promise<number> {
  const tenant_id = await tenantId(admin);
  const created = await admin.post('/api/v1/admin/users', {
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      role_id: 1,
      linkedin_url: 'https://www.linkedin.com/in/e2e-member',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const token = new URL(await claimLinkFor(admin, person.email), 'http://x').searchParams.get(
    'token',
  );
  const accepted = await admin.put(
    `/api/v1/users/${id}/status?tenant_id=${tenant_id}&token=${token}`,
    {
      data: { status: 'accept' },
    },
  );
  expect(accepted.status()).toBe(200);
  const claimed = await admin.post('/api/v1/auth/claim', {
    data: { token, tenant_id, password: NEW_PASSWORD },
  });
  expect(claimed.status()).toBe(201);
  return id;
}

test.describe('their own data (CONTRACT §11)', () => {
  test('a member downloads their data, then deletes their account: they cannot sign in and their comment reads Former member @phone', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const person = newPerson(testInfo, 'Erin');
    const admin = await playwright.request.newContext({ baseURL });
    await signInWith(admin, ADMIN, DEMO_PASSWORD);
    await claimedMember(admin, person);
    const posted = await admin.post('/api/v1/ideas', {
      data: {
        title: `Glass that stores heat (${testInfo.project.name})`,
        introduction: 'Why it matters',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { idea_id: ideaId } = (await posted.json()) as { idea_id: number };

    // The member comments through the API (the discussion journey covers the comment box).
    await signInWith(page.request, person.email, NEW_PASSWORD);
    const commented = await page.request.post(`/api/v1/ideas/${ideaId}/comments`, {
      data: { body: 'I would like to help test this.' },
    });
    expect(commented.status()).toBe(201);

    await page.goto(at('/account'));
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^privacy\.localhost-my-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      profile: { email: string; last_name: string };
      comments: { body: string }[];
    };
    expect(exported.profile).toMatchObject({ email: person.email, last_name: person.lastName });
    expect(exported.comments.map((c) => c.body)).toEqual(['I would like to help test this.']);

    await section.getByRole('button', { name: 'Delete my account…' }).click();
    const password = section.getByLabel('Your password, to delete your account');
    await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(section.getByText('Please enter your password.')).toBeVisible();
    await password.fill('Not!theRight1');
    await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(section.getByText('Your password is incorrect.')).toBeVisible();
    // At the top, so the sticky header is where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'account-your-data');
    await expectNoAxeViolations(page);

    await password.fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/signin');
    await expect(
      page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }),
    ).toBeVisible();
    await saveScreenshot(page, testInfo, 'account-erased-sign-in');
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/signin');

    // The administrator reads the idea: the comment stays, by 'Former member'.
    await signInWith(page.request, ADMIN, DEMO_PASSWORD);
    await page.goto(at(`/ideas/${ideaId}`));
    const comment = page
      .getByRole('listitem')
      .filter({ hasText: 'I would like to help test this.' });
    await expect(comment).toContainText('Former member');
    await expect(page.getByText(person.lastName)).toHaveCount(0);
    await admin.dispose();
  });

  test('an administrator erases a member from the members list, after a confirm dialog', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const person = newPerson(testInfo, 'Ezra');
    const admin = await playwright.request.newContext({ baseURL });
    await signInWith(admin, ADMIN, DEMO_PASSWORD);
    await claimedMember(admin, person);
    await admin.dispose();

    await signInWith(page.request, ADMIN, DEMO_PASSWORD);
    await page.goto(at('/admin/members'));
    await page.getByRole('searchbox', { name: 'Search members' }).fill(person.email);
    await expect(page.getByText('1 member', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${person.name}` }).click();
    await page.getByRole('menuitem', { name: 'Erase…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Erase ${person.name}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm).toContainText('shown as ‘Former member’');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-members-erase', { fullPage: false });
    await confirm.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByText(`Erased ${person.name}.`)).toBeVisible();
    await expect(page.getByText('No members found')).toBeVisible();
  });
});
