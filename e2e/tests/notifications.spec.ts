import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { FACULTY, STUDENT, uniqueTitle } from '../support/ideas.ts';
import { claimedMember, NEW_PASSWORD, newPerson, type Person } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

/**
 * A journey's own reader: a new member who follows an idea of the journey's own (led by the demo
 * faculty member, deleted afterwards), so no other journey's comments reach their bell.
 */
const test = base.extend<{
  reader: Person & { ideaId: number; title: string; comment(body: string): Promise<void> };
}>({
  reader: async ({ playwright, baseURL }, use, testInfo: TestInfo) => {
    const setup = await playwright.request.newContext({ baseURL });
    const person = newPerson(testInfo, 'Nora');
    await claimedMember(setup, person);
    const owner = await playwright.request.newContext({ baseURL });
    await signInWith(owner, FACULTY, DEMO_PASSWORD);
    const title = uniqueTitle(testInfo, 'Rainwater gardens on the library roof');
    const posted = await owner.post('/api/v1/ideas', {
      data: { title, introduction: 'Plants that slow storm water down.', support_ids: [] },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const ideaId = ((await posted.json()) as { idea_id: number }).idea_id;
    const follower = await playwright.request.newContext({ baseURL });
    await signInWith(follower, person.email, NEW_PASSWORD);
    expect((await follower.post(`/api/v1/ideas/${ideaId}/follow`)).status()).toBe(200);
    const student = await playwright.request.newContext({ baseURL });
    await signInWith(student, STUDENT, DEMO_PASSWORD);
    const comment = async (body: string) => {
      const said = await student.post(`/api/v1/ideas/${ideaId}/comments`, { data: { body } });
      expect(said.status()).toBe(201);
    };
    await use({ ...person, ideaId, title, comment });
    await owner.delete(`/api/v1/ideas/${ideaId}`);
    for (const context of [setup, owner, follower, student] as APIRequestContext[]) {
      await context.dispose();
    }
  },
});

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test.describe('the notification bell at 1280 px', () => {
  test('a comment on a followed idea lights the bell; opening it marks it read and lands on the idea', async ({
    page,
    reader,
  }, testInfo) => {
    await reader.comment('Could the gardens feed the campus ponds?');
    await reader.comment('And who waters them in August?');
    await signInWith(page.request, reader.email, NEW_PASSWORD);
    await page.goto(withDemo('/dashboard'));
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const items = page
      .getByRole('list', { name: 'Notifications, newest first' })
      .getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`commented on “${reader.title}”`);
    await expect(items.first()).toContainText('Unread:');
    await expect(items.first()).toContainText('just now');
    await saveScreenshot(page, testInfo, 'notifications');

    await items.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/ideas/${reader.ideaId}#comments`));
    await expect(page.getByRole('heading', { level: 1, name: reader.title })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Comments/ })).toContainText('August');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    await bell(page).click();
    await expect(items.first()).not.toContainText('Unread:');
    await expect(items.nth(1)).toContainText('Unread:');
    const unreadOnly = page.getByRole('button', { name: 'Unread only' });
    await unreadOnly.click();
    await expect(unreadOnly).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/unread=true/);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Unread:');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByRole('heading', { name: 'Nothing unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Show all notifications' }).click();
    await expect(unreadOnly).toHaveAttribute('aria-pressed', 'false');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).not.toContainText('Unread:');
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect(page.getByText('You are all caught up.')).toBeVisible();
  });
});

test.describe('the notification bell at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journey above covers the behaviour');

  test('the header with its bell and the notification list, looked at and scanned @phone', async ({
    page,
    reader,
  }, testInfo) => {
    await reader.comment('Could the gardens feed the campus ponds?');
    await signInWith(page.request, reader.email, NEW_PASSWORD);
    await page.goto(withDemo('/dashboard'));
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'header-bell', { fullPage: false });

    await bell(page).click();
    await expect(page.getByRole('list', { name: 'Notifications, newest first' })).toContainText(
      reader.title,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'notifications');
  });
});
