import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { FACULTY, STUDENT, scrollToTop, signInAs } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

interface Topic {
  /** A made-up word only this test's two ideas hold, so parallel runs never see each other's. */
  word: string;
  ideas: { id: number; title: string }[];
}

const letters = 'bcdfghjklmnpqrstvwxz';

/**
 * Two ideas of the demo faculty member about battery electrolytes, sharing a word no other test
 * uses: search finds both, each is the other's closest, and the demo chemist whose profile is
 * about electrolytes (Adaeze Okafor) is an expert for them. Deleted after the test.
 */
const test = base.extend<{ topic: Topic }>({
  topic: async ({ playwright, baseURL }, use) => {
    const owner = await playwright.request.newContext({ baseURL });
    await signInWith(owner, FACULTY, DEMO_PASSWORD);
    const tag = Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * 20)]).join('');
    const word = `quorvan${tag}`;
    const texts = [
      {
        title: `Non-flammable sodium-ion electrolyte for ${word} campus batteries`,
        introduction: `A ${word} pilot of fluorinated phosphate electrolytes that keep sodium-ion cells from catching fire.`,
      },
      {
        title: `Recycling spent battery cathodes with ${word} aqueous leaching`,
        introduction: `Recovering lithium from spent cathodes at room temperature, with the ${word} electrolyte pilot.`,
      },
    ];
    const ideas = [];
    for (const text of texts) {
      const posted = await owner.post('/api/v1/ideas', { data: { ...text, support_ids: [] } });
      expect(posted.status(), await posted.text()).toBe(201);
      ideas.push({ id: ((await posted.json()) as { idea_id: number }).idea_id, title: text.title });
    }
    await use({ word, ideas });
    for (const { id } of ideas) await owner.delete(`/api/v1/ideas/${id}`);
    await owner.dispose();
  },
});

const headerSearch = (page: Page) =>
  page.getByRole('combobox', { name: 'Search ideas and people' });
const quickResults = (page: Page) => page.getByRole('listbox', { name: 'Quick results' });
const ideaCards = (page: Page) => page.getByRole('list', { name: /ideas/i }).getByRole('article');

test.describe('search at 1280 px', () => {
  test('the header finds ideas as the member types, opens one, and opens every result', async ({
    page,
    topic,
  }, testInfo) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo('/dashboard'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // `/` focuses the field from anywhere but another field.
    await page.keyboard.press('/');
    await expect(headerSearch(page)).toBeFocused();
    await headerSearch(page).fill(topic.word);
    const ideas = quickResults(page).getByRole('group', { name: 'Ideas 2' });
    await expect(ideas.getByRole('option')).toHaveCount(2);
    await expect(quickResults(page).getByRole('option').last()).toHaveText(
      `See all results for “${topic.word}”`,
    );
    await saveScreenshot(page, testInfo, 'search-quick-results', { fullPage: false });

    await headerSearch(page).press('ArrowDown');
    const first = ideas.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(headerSearch(page)).toHaveAttribute(
      'aria-activedescendant',
      (await first.getAttribute('id')) ?? '',
    );
    const shown = (await first.textContent()) ?? '';
    const chosen = topic.ideas.find((idea) => shown.startsWith(idea.title));
    if (!chosen) throw new Error(`the first result, ${shown}, is not one of the test's ideas`);
    await headerSearch(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/ideas/${chosen.id}(\\?|$)`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.title);

    // Enter with no result marked opens /search, with both tabs and their totals.
    await headerSearch(page).fill(topic.word);
    await expect(quickResults(page)).toBeVisible();
    await headerSearch(page).press('Escape');
    await expect(quickResults(page)).toBeHidden();
    await headerSearch(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${topic.word}`));
    const tabs = page.getByRole('tablist', { name: 'Results' });
    await expect(tabs.getByRole('tab', { name: 'Ideas 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('article')).toHaveCount(2);
    await expect(panel.locator('mark').first()).toHaveText(new RegExp(topic.word, 'i'));
    await saveScreenshot(page, testInfo, 'search-page');

    await tabs.getByRole('tab', { name: /^People/ }).click();
    await expect(page).toHaveURL(/type=people/);
    await expect(
      panel.getByRole('heading', { name: `No people match “${topic.word}”` }),
    ).toBeVisible();
    await expect(panel).toContainText('Check the spelling');
  });

  test('a keyword on the dashboard and on People, as a chip, in relevance order', async ({
    page,
    topic,
  }) => {
    await signInAs(page, STUDENT);
    await page.goto(withDemo('/dashboard'));
    const keyword = page.getByRole('searchbox', { name: 'Keyword' });
    const [feed] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/ideas'),
      keyword.fill(topic.word),
    ]);
    // With a keyword and no order chosen the API ranks by relevance.
    expect(new URL(feed.url()).searchParams.get('sort_order')).toBeNull();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${topic.word}`));
    await expect(page.getByText(`Keyword: ${topic.word}`)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Ideas matching “${topic.word}”` }),
    ).toBeVisible();
    await expect(page.getByText('2 ideas found')).toBeVisible();
    await expect(ideaCards(page)).toHaveCount(2);
    await page.getByRole('button', { name: `Remove filter: Keyword: ${topic.word}` }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(keyword).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();

    await page.goto(withDemo('/people'));
    const people = page.getByRole('region', { name: 'People' }).getByRole('article');
    await page.getByRole('searchbox', { name: 'Keyword' }).fill('electrolyte');
    await expect(page).toHaveURL(/[?&]q=electrolyte/);
    await expect(page.getByText('Keyword: electrolyte')).toBeVisible();
    await expect(people.filter({ hasText: 'Adaeze Okafor' })).toHaveCount(1);
    await expect(people.first().locator('mark').first()).toBeVisible();
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort.locator('option:checked')).toHaveText('Best match');
    await sort.selectOption({ label: 'Name, A to Z' });
    await expect(page).toHaveURL(/sort_order=asc/);
    await page.getByRole('searchbox', { name: 'Keyword' }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByText('Keyword: electrolyte')).toHaveCount(0);
    await expect(people).toHaveCount(10);
  });

  test('an idea’s page suggests experts with the words that matched, and similar ideas', async ({
    page,
    topic,
  }, testInfo) => {
    const [idea, other] = topic.ideas;
    if (!idea || !other) throw new Error('the topic has two ideas');
    await signInAs(page, STUDENT);
    await page.goto(withDemo(`/ideas/${idea.id}`));
    const experts = page.getByRole('region', { name: 'Experts to talk to' });
    const okafor = experts.getByRole('listitem').filter({ hasText: 'Adaeze Okafor' });
    await expect(okafor.getByRole('link', { name: 'Adaeze Okafor' })).toBeVisible();
    await expect(
      okafor.getByRole('list', { name: 'Why Adaeze Okafor' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    // Never the idea's own principal investigator.
    await expect(experts.getByRole('link', { name: 'Priya Raman' })).toHaveCount(0);
    const similar = page.getByRole('region', { name: 'Similar ideas' });
    await expect(similar.getByRole('link', { name: other.title })).toBeVisible();
    await expect(similar.getByRole('link', { name: idea.title })).toHaveCount(0);
    await scrollToTop(page);
    await saveScreenshot(page, testInfo, 'search-idea-matches');
  });
});

test.describe('search at 375 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 1280 px journeys above cover the behaviour');

  test('the drawer’s search, /search and an idea’s suggestions, looked at and scanned @phone', async ({
    page,
    topic,
  }, testInfo) => {
    // Three scans and three screens: more than the default on a loaded two-core machine.
    test.setTimeout(120_000);
    const [idea] = topic.ideas;
    if (!idea) throw new Error('the topic has an idea');
    await signInAs(page, STUDENT);
    await page.goto(withDemo('/dashboard'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('combobox', { name: 'Search ideas and people' }).fill(topic.word);
    await expect(quickResults(page).getByRole('option')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'search-drawer', { fullPage: false });

    await drawer.getByRole('combobox', { name: 'Search ideas and people' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'search-page');

    await page.goto(withDemo(`/ideas/${idea.id}`));
    await expect(
      page.getByRole('region', { name: 'Experts to talk to' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Similar ideas' }).getByRole('link').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'search-idea-matches');
  });
});
