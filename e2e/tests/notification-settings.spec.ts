import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { ADMIN, FACULTY, STUDENT, signInAs, uniqueTitle } from '../support/ideas.ts';
import { unsubscribeLinkFor } from '../support/mail.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

const COMMENTS = 'Comments on ideas you lead, manage or follow';
const INTEREST = 'Expressions of interest in ideas you lead or manage';

/**
 * An idea of the journey's own, led by the demo faculty member, and a way for the demo student to
 * express interest in it, which mails the faculty member and the administrators at once (their
 * default). Afterwards the idea is deleted.
 */
const test = base.extend<{ idea: { id: number; title: string; expressInterest(): Promise<void> } }>(
  {
    idea: async ({ playwright, baseURL }, use, testInfo) => {
      const owner = await playwright.request.newContext({ baseURL });
      await signInWith(owner, FACULTY, DEMO_PASSWORD);
      const title = uniqueTitle(testInfo, 'Rainwater batteries for greenhouse pumps');
      const posted = await owner.post('/api/v1/ideas', {
        data: { title, introduction: 'Stored rain drives the pumps at night.', support_ids: [] },
      });
      expect(posted.status(), await posted.text()).toBe(201);
      const id = ((await posted.json()) as { idea_id: number }).idea_id;
      const student = await playwright.request.newContext({ baseURL });
      await signInWith(student, STUDENT, DEMO_PASSWORD);
      const expressInterest = async () => {
        const asked = await student.post(`/api/v1/ideas/${id}/interest`, {
          data: { kind: 'collaboration', message: 'Our lab would build the prototype.' },
        });
        expect(asked.status(), await asked.text()).toBe(201);
      };
      await use({ id, title, expressInterest });
      await owner.delete(`/api/v1/ideas/${id}`);
      await owner.dispose();
      await student.dispose();
    },
  },
);

const kind = (page: Page, label: string | RegExp) => page.getByRole('group', { name: label });

test.describe('notification mail settings and the unsubscribe link at 1280 px', () => {
  // The faculty member's settings go back to CONTRACT §9's defaults, so no other journey meets
  // what this one chose.
  test.afterEach(async ({ playwright, baseURL }) => {
    const faculty = await playwright.request.newContext({ baseURL });
    await signInWith(faculty, FACULTY, DEMO_PASSWORD);
    const email = { comment: 'daily', interest: 'immediate' };
    expect((await faculty.put('/api/v1/notification-settings', { data: { email } })).ok()).toBe(
      true,
    );
    await faculty.dispose();
  });

  test('a member saves a setting, then unsubscribes from a mail without signing in', async ({
    page,
    browser,
    idea,
  }, testInfo) => {
    await signInAs(page, FACULTY);
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Notification settings' }).click();
    await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
    await expect(kind(page, INTEREST).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    // Only administrators review invitation requests.
    await expect(kind(page, /Invitation requests/)).toHaveCount(0);

    await kind(page, COMMENTS).getByRole('radio', { name: 'Weekly digest' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Your notification settings have been saved.')).toBeVisible();
    await page.reload();
    await expect(kind(page, COMMENTS).getByRole('radio', { name: 'Weekly digest' })).toBeChecked();
    await saveScreenshot(page, testInfo, 'notification-settings');

    // The student's interest mails the principal investigator at once; its link opens the screen
    // in a browser that is not signed in, which changes nothing until the button is pressed.
    await idea.expressInterest();
    const link = await unsubscribeLinkFor(page.request, FACULTY, idea.title);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', { name: 'Unsubscribe from these e-mails?' }),
    ).toBeVisible();
    await expect(visitor.getByText(INTEREST.toLowerCase(), { exact: false })).toBeVisible();
    const before = await page.request.get('/api/v1/notification-settings');
    expect(((await before.json()) as { email: { interest: string } }).email.interest).toBe(
      'immediate',
    );
    await saveScreenshot(visitor, testInfo, 'unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(visitor.getByRole('status')).toContainText(
      'You will no longer get these e-mails.',
    );
    await expect(visitor.getByRole('link', { name: 'notification settings' })).toBeVisible();
    await saveScreenshot(visitor, testInfo, 'unsubscribed');
    await visitor.context().close();

    await page.reload();
    await expect(kind(page, INTEREST).getByRole('radio', { name: 'Off' })).toBeChecked();
    await expect(kind(page, COMMENTS).getByRole('radio', { name: 'Weekly digest' })).toBeChecked();
  });
});

test.describe('notification mail screens at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journey above covers the behaviour');

  test('the settings and unsubscribe screens, looked at and scanned @phone', async ({
    page,
    idea,
  }, testInfo) => {
    await signInAs(page, ADMIN);
    await page.goto(withDemo('/notification-settings'));
    await expect(
      kind(page, /Invitation requests/).getByRole('radio', { name: 'Off' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'notification-settings');

    await idea.expressInterest();
    await page.goto(await unsubscribeLinkFor(page.request, ADMIN, idea.title));
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'unsubscribe');
  });
});
