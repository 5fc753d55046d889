import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { ADMIN, FACULTY, STUDENT, scrollToTop, signInAs, uniqueTitle } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

/**
 * An idea of the journey's own, led by the demo faculty member and deleted afterwards (its
 * comments and requests go with it), so no other journey sees what this one writes.
 */
const test = base.extend<{ idea: { id: number; title: string } }>({
  idea: async ({ playwright, baseURL }, use, testInfo) => {
    const owner = await playwright.request.newContext({ baseURL });
    await signInWith(owner, FACULTY, DEMO_PASSWORD);
    const title = uniqueTitle(testInfo, 'Self-healing concrete for campus footbridges');
    const posted = await owner.post('/api/v1/ideas', {
      data: {
        title,
        introduction: 'Bacteria in capsules that seal hairline cracks before water gets in.',
        support_ids: [],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const id = ((await posted.json()) as { idea_id: number }).idea_id;
    await use({ id, title });
    await owner.delete(`/api/v1/ideas/${id}`);
    await owner.dispose();
  },
});

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });

test.describe('comments and interest at 1280 px', () => {
  test('a member comments, edits and deletes, expresses interest; the PI answers; the member sees it', async ({
    page,
    browser,
    idea,
  }, testInfo) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo(`/ideas/${idea.id}`));
    const section = comments(page);
    await expect(section.getByText('No comments yet. Start the discussion.')).toBeVisible();
    await expect(section.getByText(/may count as a public disclosure/)).toBeVisible();

    // The contract's message on the client, before any call.
    await section.getByRole('button', { name: 'Post comment' }).click();
    await expect(section.getByText('Please enter a comment.')).toBeVisible();
    const box = section.getByRole('textbox', { name: 'Add a comment' });
    await box.fill(
      'Which footbridges would you start with?\nThe survey is at https://example.org/bridges',
    );
    await section.getByRole('button', { name: 'Post comment' }).click();
    // By place: while edited, a comment's text is in a text area, which hasText does not read.
    const first = section.getByRole('listitem').nth(0);
    await expect(first).toContainText('Which footbridges');
    await expect(first.getByRole('link', { name: 'https://example.org/bridges' })).toHaveAttribute(
      'href',
      'https://example.org/bridges',
    );
    await expect(section.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    await box.fill('<b>Not bold</b> and a second thought.');
    await section.getByRole('button', { name: 'Post comment' }).click();
    const second = section.getByRole('listitem').nth(1);
    await expect(second).toContainText('<b>Not bold</b>');

    await first.getByRole('button', { name: 'Edit your comment' }).click();
    await first.getByRole('textbox', { name: 'Edit your comment' }).fill('Which bridges first?');
    await first.getByRole('button', { name: 'Save' }).click();
    const edited = section.getByRole('listitem').filter({ hasText: 'Which bridges first?' });
    await expect(edited).toContainText('edited');

    await second.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete comment' }).click();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    // Expressing interest: the contract's messages first, then the request, then the 409.
    await page.getByRole('button', { name: 'Express interest' }).click();
    const form = page.getByRole('dialog', { name: 'Express interest' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Please choose what kind of interest this is.')).toBeVisible();
    await expect(form.getByText('Please enter a message.')).toBeVisible();
    await form.getByLabel('Kind of interest').selectOption({ label: 'Licensing' });
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('We would license this for our depots.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: 'Express interest' }).click();
    await form.getByLabel('Kind of interest').selectOption({ label: 'Collaboration' });
    await form.getByRole('textbox', { name: 'Message' }).fill('And a pilot?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('You already have an open request on this idea.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The principal investigator answers, declining with the reason the form asks for.
    const pi = await (await browser.newContext()).newPage();
    await signInAs(pi, FACULTY);
    await pi.goto(withDemo(`/ideas/${idea.id}`));
    const requests = pi.getByRole('region', { name: /^Interest requests/ });
    await expect(
      requests.getByRole('heading', { name: 'Interest requests (1 open)' }),
    ).toBeVisible();
    await expect(requests).toContainText('Licensing');
    await expect(requests).toContainText(/waiting for (under a minute|1 minute)/);
    await expect(pi.getByRole('button', { name: 'Express interest' })).toHaveCount(0);
    await scrollToTop(pi);
    await saveScreenshot(pi, testInfo, 'idea-discussion-owner');
    await requests.getByRole('button', { name: /^Answer/ }).click();
    const answer = pi.getByRole('dialog', { name: 'Answer the request' });
    await answer.getByRole('radio', { name: /Declined/ }).check();
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await expect(answer.getByText('Please give a reason for declining.')).toBeVisible();
    await answer.getByRole('textbox', { name: 'Reason' }).fill('Already licensed to a partner.');
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await expect(answer).toBeHidden();
    await expect(requests.getByText('Declined', { exact: true })).toBeVisible();

    // Before a patent is filed, the principal investigator closes the comments.
    const piComments = comments(pi);
    await piComments.getByRole('button', { name: 'Close comments' }).click();
    await expect(piComments.getByText('Comments are closed on this idea.')).toBeVisible();
    await expect(piComments.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
    await page.reload();
    await expect(section.getByText('Comments are closed on this idea.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Close comments' })).toHaveCount(0);
    await piComments.getByRole('button', { name: 'Open comments again' }).click();
    await expect(piComments.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
    await pi.context().close();

    // The member sees the answer under their own requests, reached from the profile menu.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My interest requests' }).click();
    const mine = page.getByRole('listitem').filter({ hasText: idea.title });
    await expect(mine).toContainText('Declined');
    await expect(mine).toContainText('Already licensed to a partner.');
    await saveScreenshot(page, testInfo, 'my-interest-requests');
  });
});

test.describe('comments and interest at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journey above covers the behaviour');

  test('the idea page with its comments and the interest form, looked at and scanned @phone', async ({
    page,
    idea,
    playwright,
    baseURL,
  }, testInfo) => {
    const member = await signInWith(page.request, STUDENT, DEMO_PASSWORD);
    expect(member.userId).toBeGreaterThan(0);
    const said = await page.request.post(`/api/v1/ideas/${idea.id}/comments`, {
      data: { body: 'Would this work on timber decks too?\nSee https://example.org/decks' },
    });
    expect(said.status()).toBe(201);
    await page.goto(withDemo(`/ideas/${idea.id}`));
    await expect(comments(page).getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await scrollToTop(page);
    await saveScreenshot(page, testInfo, 'idea-comments');

    await page.getByRole('button', { name: 'Express interest' }).click();
    const form = page.getByRole('dialog', { name: 'Express interest' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Please enter a message.')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'interest-form', { fullPage: false });
    await form.getByRole('button', { name: 'Cancel' }).click();

    // An administrator hides the comment and closes the idea's comments: the member reads both.
    const admin = await playwright.request.newContext({ baseURL });
    await signInWith(admin, ADMIN, DEMO_PASSWORD);
    const { id } = (await said.json()) as { id: number };
    expect(
      (await admin.put(`/api/v1/admin/comments/${id}/hidden`, { data: { hidden: true } })).status(),
    ).toBe(200);
    expect(
      (
        await admin.put(`/api/v1/ideas/${idea.id}/comments/closed`, { data: { closed: true } })
      ).status(),
    ).toBe(200);
    await admin.dispose();
    await page.reload();
    await expect(
      comments(page).getByText('This comment was hidden by an administrator.'),
    ).toBeVisible();
    await expect(comments(page).getByText('Comments are closed on this idea.')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'idea-comments-moderated');
  });
});
