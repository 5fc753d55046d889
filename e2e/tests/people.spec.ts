import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { demoAccounts, memberId, signInAs, watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const filterBar = (page: Page) => page.getByRole('search', { name: 'Filter people' });
const cards = (page: Page) => page.getByRole('region', { name: 'People' }).getByRole('article');

/** On a phone the filters fold behind a button; this unfolds them. */
async function openFilters(page: Page) {
  const toggle = filterBar(page).getByRole('button', { name: /^Filters/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
}

/** Picks an option of one of the directory's selects. */
async function choose(page: Page, label: string, option: string) {
  await openFilters(page);
  await filterBar(page)
    .getByRole('combobox', { name: label, exact: true })
    .selectOption({ label: option });
}

async function countOf(page: Page, query = ''): Promise<number> {
  const answer = await page.request.get(`/api/v1/users/count${query}`);
  return ((await answer.json()) as { total_count: number }).total_count;
}

/**
 * The count the screen itself received while `action` ran. Other journeys add members to the
 * shared demo tenant in parallel, so a count asked for separately can differ from the one shown;
 * the count's own correctness is the API tests' part.
 */
async function countAnswered(page: Page, action: () => Promise<unknown>): Promise<number> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/users/count' && r.ok()),
    action(),
  ]);
  return ((await answer.json()) as { total_count: number }).total_count;
}

test.describe('people directory', () => {
  test('lists members ten to a page, with the count, cards and pagination @phone', async ({
    page,
  }, testInfo) => {
    const trouble = watchForTrouble(page);
    await signInAs(page, demoAccounts.student);
    const total = await countAnswered(page, () => page.goto(withDemo('/people')));

    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
    await expect(page.getByText(`${total} members match the directory.`)).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    const first = cards(page).first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText('Adaeze Okafor');
    await expect(first).toContainText('Professor of Chemistry');
    await expect(first).toContainText('Faculty');
    await expect(first).toContainText('School of Natural Sciences · Chemistry');
    await expect(first.getByText('Recent experience')).toBeVisible();
    await expect(first.getByRole('listitem')).not.toHaveCount(0);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'people');

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).not.toHaveText(
      'Adaeze Okafor',
    );
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=3/);
    expect(trouble).toEqual([]);

    // SPEC §4: a page that does not exist goes back to page 1.
    await page.goto(withDemo('/people?page=99'));
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(
      'Adaeze Okafor',
    );

    await cards(page).first().getByRole('link', { name: 'Adaeze Okafor' }).click();
    await expect(page).toHaveURL(/\/profile\/\d+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adaeze Okafor' })).toBeVisible();
  });

  test('filters by role, school, department and person, in the URL and as chips @phone', async ({
    page,
  }, testInfo) => {
    const trouble = watchForTrouble(page);
    await signInAs(page, demoAccounts.student);
    const priya = await memberId(page, 'Priya Raman');
    await page.goto(withDemo('/people'));
    await expect(cards(page)).toHaveCount(10);

    const faculty = await countAnswered(page, () => choose(page, 'Role', 'Faculty'));
    await expect(page).toHaveURL(/[?&]role_id=2(&|$)/);
    await expect(page.getByText('Role: Faculty')).toBeVisible();
    await expect(page.getByText(`${faculty} members match these filters.`)).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(faculty, 10));
    for (const card of await cards(page).all()) await expect(card).toContainText('Faculty');

    await choose(page, 'School', 'School of Engineering');
    await expect(page).toHaveURL(/school_id=\d+/);
    // The departments offered are the chosen school's only.
    await openFilters(page);
    const departments = filterBar(page).getByRole('combobox', { name: 'Department', exact: true });
    await expect(departments.getByRole('option', { name: 'Chemistry' })).toHaveCount(0);
    await departments.selectOption({ label: 'Bioengineering' });
    await expect(page).toHaveURL(/department_id=\d+/);
    await expect(page.getByText('Department: Bioengineering')).toBeVisible();
    const department = new URL(page.url()).searchParams.get('department_id');
    await expect(cards(page)).toHaveCount(
      await countOf(page, `?role_id=2&department_id=${department}`),
    );
    for (const card of await cards(page).all()) {
      await expect(card).toContainText('School of Engineering · Bioengineering');
    }

    await openFilters(page);
    const person = filterBar(page).getByRole('combobox', { name: 'Person' });
    // The search runs once typing has paused for 300 ms; the list then holds its answer only.
    await person.fill('priy');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Priya Raman']);
    await person.press('ArrowDown');
    await person.press('Enter');
    await expect(page).toHaveURL(new RegExp(`user_id=${priya}(&|$)`));
    await expect(page.getByText('Person: Priya Raman')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Priya Raman');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'people-filtered');

    // The URL alone restores the filters and their chips.
    await page.reload();
    await expect(page.getByText('Person: Priya Raman')).toBeVisible();
    if (testInfo.project.name === 'mobile') {
      // The folded filters say how many are set; the chips stay in view.
      await expect(filterBar(page).getByRole('button', { name: 'Filters (4)' })).toBeVisible();
      await expect(filterBar(page).getByRole('combobox', { name: 'Person' })).toBeHidden();
    }
    await expect(page.getByText('Role: Faculty')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Remove filter: Person: Priya Raman' }).click();
    await expect(page).not.toHaveURL(/user_id=/);
    await expect(page.getByText('Person: Priya Raman')).toHaveCount(0);
    await expect(page).toHaveURL(/role_id=2/);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/role_id|school_id|department_id|user_id/);
    await expect(page).toHaveURL(/tenant=demo\.localhost/);
    await expect(page.getByText('Role: Faculty')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(10);
    expect(trouble).toEqual([]);
  });

  test('sorts by name from Z to A', async ({ page }) => {
    await signInAs(page, demoAccounts.student);
    const answer = await page.request.get('/api/v1/users?sort_order=desc&page_size=10');
    const { users } = (await answer.json()) as {
      users: { first_name: string; last_name: string }[];
    };
    await page.goto(withDemo('/people'));
    await expect(cards(page)).toHaveCount(10);

    await choose(page, 'Sort by', 'Name, Z to A');
    await expect(page).toHaveURL(/sort_order=desc/);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(
      users.map((user) => `${user.first_name} ${user.last_name}`),
    );
  });
});
