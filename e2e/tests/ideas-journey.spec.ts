import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { FACULTY, STUDENT, scrollToTop, signInAs, uniqueTitle } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

interface PostedIdea {
  id: number;
  title: string;
  /** The demo faculty member who posted it. */
  ownerId: number;
}

const idOf = (list: { id: number; name: string }[], name: string) => {
  const entry = list.find((item) => item.name === name);
  if (!entry) throw new Error(`the demo tenant has no '${name}'`);
  return entry.id;
};

/**
 * Every step after the first gets an idea of its own, posted through the API by the demo faculty
 * member as the first step posts it through the form, and deleted after the step if still there.
 */
const test = base.extend<{ idea: PostedIdea }>({
  idea: async ({ playwright, baseURL }, use, testInfo) => {
    const owner = await playwright.request.newContext({ baseURL });
    const { userId } = await signInWith(owner, FACULTY, DEMO_PASSWORD);
    const lookups = async (path: string) => (await owner.get(`/api/v1/${path}`)).json();
    const { support_or_partnership: support } = await lookups('support');
    const { ip_statuses: statuses } = await lookups('ip-status');
    const title = uniqueTitle(testInfo, 'Low-cost soil moisture mesh for campus gardens');
    const posted = await owner.post('/api/v1/ideas', {
      data: {
        title,
        introduction:
          'Cheap sensors in a mesh network tell gardeners exactly which beds need water.',
        support_ids: [idOf(support, 'Funding'), idOf(support, 'Mentorship')],
        ip_status_id: idOf(statuses, 'Patent pending'),
        patents: ['US 10,123,456 B2'],
      },
    });
    expect(posted.status()).toBe(201);
    const { idea_id: id } = (await posted.json()) as { idea_id: number };
    await use({ id, title, ownerId: userId });
    await owner.delete(`/api/v1/ideas/${id}`);
    await owner.dispose();
  },
});

// One idea's life, a step a test. Long steps on a shared two-core machine get room beyond the 30 s
// default.
test.describe.configure({ timeout: 60_000 });

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const cardOf = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.describe('an idea from posting to deletion', () => {
  test('a faculty member posts an idea and sees it on its page @phone', async ({
    page,
  }, testInfo) => {
    const facultyId = await signInAs(page, FACULTY);
    const title = uniqueTitle(testInfo, 'Low-cost soil moisture mesh for campus gardens');
    await page.goto(withDemo('/my-ideas'));
    await page.getByRole('link', { name: 'Post Your Idea' }).first().click();
    await expect(page).toHaveURL(/\/idea-creation/);
    await expect(page.getByRole('heading', { level: 1, name: 'Post Your Idea' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await expect(page.getByText(`${title.length}/100`)).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Introduction' })
      .fill('Cheap sensors in a mesh network tell gardeners exactly which beds need water.');
    await page
      .getByRole('textbox', { name: 'Problem' })
      .fill('Campus gardens are watered on a timer, wasting water on beds that are still moist.');
    await page.getByRole('checkbox', { name: 'Funding' }).check();
    await page.getByRole('checkbox', { name: 'Mentorship' }).check();
    await page.getByRole('radio', { name: 'Patent pending' }).check();
    await page.getByRole('button', { name: 'Add patent number' }).click();
    await page.getByRole('textbox', { name: 'Patent number 1' }).fill('US 10,123,456 B2');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('textbox', { name: 'URL' }).fill('https://example.org/soil-mesh');
    await page.getByRole('textbox', { name: 'Link title' }).fill('Pilot results');
    await expectNoAxeViolations(page);
    await scrollToTop(page);
    await saveScreenshot(page, testInfo, 'ideas-post-form');

    // The answer is held back a moment to see the submitting state (SPEC §4).
    await page.route('**/api/v1/ideas', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Post Idea' }).click();
    await expect(page.getByRole('button', { name: 'Posting…' })).toBeDisabled();
    const done = page.getByRole('alertdialog', { name: 'Your idea is posted' });
    await expect(done).toBeVisible();
    await expect(done.getByRole('link', { name: 'Go to My Submissions' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-posted-dialog', { fullPage: false });
    await done.getByRole('link', { name: 'View Submission' }).click();

    await expect(page).toHaveURL(/\/ideas\/\d+/);
    const ideaId = Number(/\/ideas\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Support sought' }).getByRole('listitem'),
    ).toHaveText(['Funding', 'Mentorship']);
    const facts = page.getByRole('region', { name: 'Intellectual property' });
    await expect(facts).toContainText('Patent pending');
    await expect(facts).toContainText('US 10,123,456 B2');
    await expect(page.getByText(`Posted ${longDate.format(new Date())}`)).toBeVisible();
    const link = page.getByRole('link', { name: /Pilot results/ });
    await expect(link).toHaveAttribute('href', 'https://example.org/soil-mesh');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeDisabled();
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByRole('link', { name: 'Priya Raman' })).toHaveAttribute(
      'href',
      `/profile/${facultyId}`,
    );
    await expect(contacts.getByRole('link', { name: /^Contact/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-detail-owner');
    await page.request.delete(`/api/v1/ideas/${ideaId}`);
  });

  test('the owner edits the idea and finds it changed on My Ideas @phone', async ({
    page,
    idea,
  }, testInfo) => {
    const { id: ideaId, title } = idea;
    await signInAs(page, FACULTY);
    await page.goto(withDemo(`/ideas/${ideaId}`));
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-ideas/edit/${ideaId}`));
    const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(titleBox).toHaveValue(title);
    await expect(page.getByRole('radio', { name: 'Patent pending' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Patent number 1' })).toHaveValue(
      'US 10,123,456 B2',
    );
    const editedTitle = `${title} v2`;
    await titleBox.fill(editedTitle);
    await page.getByRole('checkbox', { name: 'Mentorship' }).uncheck();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const done = page.getByRole('alertdialog', { name: 'Your changes are saved' });
    await done.getByRole('link', { name: 'Go to My Submissions' }).click();
    await expect(page).toHaveURL(/\/my-ideas(\?|$)/);
    const card = cardOf(page, editedTitle);
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Seeking' })).toHaveText('Funding');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-my-ideas');
  });

  test('a student follows it from the dashboard, finds it under Following, cannot edit it @phone', async ({
    page,
    idea,
  }, testInfo) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo(`/dashboard?idea_owner_id=${idea.ownerId}&sort_order=desc`));
    const card = cardOf(page, idea.title);
    const follow = card.getByRole('button', { name: 'Follow' });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(follow).toHaveText('Following');
    await expect(card).toContainText('1 follower');

    await page.goto(withDemo('/following'));
    await expect(cardOf(page, idea.title)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-following');

    // Students may edit ideas, but only their own (SPEC §6).
    await page.goto(withDemo(`/my-ideas/edit/${idea.id}`));
    await expect(
      page.getByRole('heading', { level: 1, name: "Only the idea's owners can edit it" }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the student writes to the owner and unfollows on the idea page @phone', async ({
    page,
    idea,
  }, testInfo) => {
    const { id: ideaId } = idea;
    await signInAs(page, STUDENT);
    expect((await page.request.post(`/api/v1/ideas/${ideaId}/follow`)).status()).toBe(200);
    await page.goto(withDemo(`/ideas/${ideaId}`));
    const contact = page.getByRole('link', { name: 'Contact Priya Raman' });
    await expect(contact).toHaveAttribute(
      'href',
      /^mailto:faculty@demo\.localhost\?subject=.+&body=Hi%20Priya%2C.+Jordan%20Ellis$/,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-detail');

    // The button's words follow its state, so it is found by either.
    const follow = page.getByRole('button', { name: /^Follow(ing)?$/ });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    // A failed call is undone on screen and explained (SPEC §4).
    await page.route(`**/api/v1/ideas/${ideaId}/unfollow`, (route) =>
      route.fulfill({
        status: 500,
        json: {
          code: 'INTERNAL_SERVER_ERROR',
          message: 'Internal Server Error',
          status: 500,
          details: [],
        },
      }),
    );
    await follow.click();
    await expect(
      page.getByText('Could not unfollow this idea. Internal Server Error'),
    ).toBeVisible();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await page.unroute(`**/api/v1/ideas/${ideaId}/unfollow`);

    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(follow).toHaveText('Follow');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await page.goto(withDemo('/following'));
    await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(cardOf(page, idea.title)).toHaveCount(0);
  });

  test('the owner deletes the idea and is back on My Ideas @phone', async ({
    page,
    idea,
  }, testInfo) => {
    const { id: ideaId, title } = idea;
    await signInAs(page, FACULTY);
    await page.goto(withDemo(`/ideas/${ideaId}`));
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this idea?' });
    await expect(dialog).toContainText(title);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-delete-dialog', { fullPage: false });

    // A refused delete says why inside the dialog, which stays open (SPEC §4).
    await page.route(`**/api/v1/ideas/${ideaId}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            json: { code: 'FORBIDDEN', message: 'Not yours to delete.', status: 403, details: [] },
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Delete idea' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Not yours to delete.');
    await page.unroute(`**/api/v1/ideas/${ideaId}`);

    await dialog.getByRole('button', { name: 'Delete idea' }).click();
    await expect(page).toHaveURL(/\/my-ideas(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Ideas' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(cardOf(page, title)).toHaveCount(0);

    await page.goto(withDemo(`/ideas/${ideaId}`));
    await expect(
      page.getByText('The idea might have been deleted or never created.'),
    ).toBeVisible();
  });
});
