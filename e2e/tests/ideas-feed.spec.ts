import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { ADMIN, STUDENT, scrollToTop, signInAs } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Long journeys on a shared two-core machine: room beyond the 30 s default.
test.describe.configure({ timeout: 60_000 });

test.describe('idea feed', () => {
  test('the dashboard shows the recommended feed with cards and page links @phone', async ({
    page,
  }, testInfo) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo('/dashboard'));

    await expect(page.getByRole('heading', { level: 1, name: 'Ideas' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Recommended for you' }),
    ).toBeVisible();
    const cards = page.getByRole('list', { name: 'Recommended ideas' }).getByRole('article');
    await expect(cards).toHaveCount(10);
    await expect(cards.first().getByText(/^Posted (today|\d+d ago)$/)).toBeVisible();
    // The feed says why: the words of the student's profile an idea holds.
    await expect(cards.getByText(/^Matches your interests:/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Post Your Idea' })).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-dashboard');

    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A page past the end goes back to page 1 (SPEC §4).
    await page.goto(withDemo('/dashboard?page=99'));
    await expect(page).not.toHaveURL(/page=99/);
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('filters are kept in the URL, shown as chips, and survive a reload @phone', async ({
    page,
  }, testInfo) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: 'Filters', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Filter ideas' });
    await dialog.getByRole('radio', { name: /Oldest first/ }).check();
    await dialog.getByRole('checkbox', { name: 'Funding' }).check();
    await dialog.getByRole('checkbox', { name: 'Industry partner' }).check();
    const owner = dialog.getByRole('combobox', { name: 'Idea owner' });
    await owner.fill('rama');
    // Pick with the keyboard once the debounced search has answered: a click can land while the
    // list re-renders under touch emulation and miss.
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Priya Raman']);
    await owner.press('ArrowDown');
    await owner.press('Enter');
    await expect(owner).toHaveValue('Priya Raman');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-filters', { fullPage: false });
    await dialog.getByRole('button', { name: 'Show ideas' }).click();

    await expect(page).toHaveURL(/sort_order=asc/);
    await expect(page).toHaveURL(/support_id=\d+%2C\d+/);
    await expect(page).toHaveURL(/idea_owner_id=\d+/);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText([
      'Funding',
      'Industry partner',
      'Owner: Priya Raman',
      'Oldest first',
    ]);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeDisabled();
    await expect(page.getByText(/^[1-9]\d* ideas? found$/)).toBeVisible();
    const cards = page.getByRole('list', { name: 'Filtered ideas' }).getByRole('article');
    await expect(cards.first()).toContainText('Priya Raman');
    await expectNoAxeViolations(page);
    await scrollToTop(page);
    await saveScreenshot(page, testInfo, 'ideas-filtered');

    await page.reload();
    await expect(chips.getByRole('listitem')).toHaveCount(4);
    await expect(chips.getByRole('listitem').nth(2)).toHaveText('Owner: Priya Raman');

    await chips.getByRole('button', { name: 'Remove filter: Industry partner' }).click();
    await expect(chips.getByRole('listitem')).toHaveCount(3);
    await expect(page).toHaveURL(/support_id=\d+(&|$)/);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tenant=demo\.localhost$/);
    await expect(page.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeEnabled();
  });

  test('a member who follows nothing is invited to explore @phone', async ({ page }, testInfo) => {
    await signInAs(page, ADMIN);
    await page.goto(withDemo('/following'));
    await expect(
      page.getByRole('heading', { name: "Stay Connected with Ideas You're Following" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'ideas-following-empty');
    await page.getByRole('link', { name: 'Explore New Ideas to Follow' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
