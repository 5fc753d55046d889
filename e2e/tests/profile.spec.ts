import { expect as baseExpect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { fetchDemoTenant, withDemo } from '../support/demo.ts';
import { demoAccounts, memberId, signInAs, watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// The first screen after sign-in waits on a cold server and a busy machine now and then.
const expect = baseExpect.configure({ timeout: 15_000 });

interface Profile {
  first_name: string;
  email: string;
  headline: string;
  google_scholar_url: string;
  linkedin_url: string;
  faculty_page_url: string;
  total_citations: number;
  oldest_publication_year: number;
  ideas: { id: number; title: string }[];
}

interface Contact {
  subject: string;
  greeting: string;
  intro: string;
}

test.describe('profile', () => {
  test("shows a faculty member's profile with every section, links and contact @phone", async ({
    page,
  }, testInfo) => {
    const trouble = watchForTrouble(page);
    const me = await signInAs(page, demoAccounts.student);
    const id = await memberId(page, 'Priya Raman');
    const profile = (await (await page.request.get(`/api/v1/profiles/${id}`)).json()) as Profile;
    const tenant = await fetchDemoTenant(page.request);
    const contact = (tenant.branding as unknown as { contact: Contact }).contact;

    await page.goto(withDemo(`/people?user_id=${id}`));
    await page.getByRole('link', { name: 'Priya Raman' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${id}`));

    await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible();
    const hero = page.getByRole('region', { name: 'Priya Raman' });
    await expect(hero.getByText(profile.headline, { exact: true })).toBeVisible();
    await expect(hero.getByText('Faculty', { exact: true })).toBeVisible();
    await expect(hero.getByText('School of Engineering · Bioengineering')).toBeVisible();
    for (const section of [
      'About',
      'Education',
      'Experience',
      'Patents',
      'Projects',
      'Publications',
      'Grants',
      'Ideas',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const citations = new Intl.NumberFormat('en-US').format(profile.total_citations);
    await expect(
      page.getByText(`${citations} citations since ${profile.oldest_publication_year}`),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Experience' })
        .getByText(/ – Present · \d+ yrs?( \d+ mos?)?$/),
    ).not.toHaveCount(0);

    const links = page.getByRole('list', { name: 'Links' });
    await expect(links.getByRole('link', { name: /Google Scholar/ })).toHaveAttribute(
      'href',
      profile.google_scholar_url,
    );
    await expect(links.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      profile.linkedin_url,
    );
    await expect(links.getByRole('link', { name: /Faculty page/ })).toHaveAttribute(
      'href',
      profile.faculty_page_url,
    );

    // SPEC §6: a mail compose with the branding's subject, greeting and intro, signed by the sender.
    const start = page.getByRole('link', { name: 'Start conversation' });
    const href = (await start.getAttribute('href')) ?? '';
    const mail = new URL(href);
    expect(mail.protocol).toBe('mailto:');
    expect(decodeURIComponent(mail.pathname)).toBe(profile.email);
    expect(mail.searchParams.get('subject')).toBe(contact.subject);
    expect(mail.searchParams.get('body')).toBe(
      `${contact.greeting} ${profile.first_name},\r\n\r\n${contact.intro}\r\n\r\n${me.name}`,
    );
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    const seeMore = page.getByRole('button', { name: 'See more' });
    await expect(seeMore).toHaveAttribute('aria-expanded', 'false');
    await seeMore.click();
    await expect(page.getByRole('button', { name: 'See less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('smart dressings for chronic wounds')).toBeVisible();

    await expectNoAxeViolations(page);
    // A full-page shot taken while scrolled repeats the sticky header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'profile');

    const idea = profile.ideas[0];
    if (!idea) throw new Error('The demo faculty member has ideas');
    // Other journeys post ideas as this member with titles such as "Retired picks (desktop …)":
    // the title is matched as text, not read as a pattern.
    await expect(page.getByRole('link', { name: idea.title })).toHaveAttribute(
      'href',
      `/ideas/${idea.id}`,
    );

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/people\\?.*user_id=${id}`));
    expect(trouble).toEqual([]);
  });

  test('offers Edit on your own profile and no conversation with yourself', async ({ page }) => {
    const me = await signInAs(page, demoAccounts.faculty);
    await page.goto(withDemo(`/profile/${me.userId}`));

    await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start conversation' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Start conversation' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/update-profile/);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
  });

  test('shows no Google Scholar link for anyone but faculty, and only sections with data', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.faculty);
    const id = await memberId(page, 'Jordan Ellis');
    await page.goto(withDemo(`/profile/${id}`));

    await expect(page.getByRole('heading', { level: 1, name: 'Jordan Ellis' })).toBeVisible();
    const links = page.getByRole('list', { name: 'Links' });
    await expect(links.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
    await expect(links.getByRole('link', { name: /Google Scholar/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Grants' })).toHaveCount(0);
  });

  test('says when a profile does not exist @phone', async ({ page }, testInfo) => {
    await signInAs(page, demoAccounts.student);
    for (const path of ['/profile/2147483000', '/profile/not-a-member']) {
      await page.goto(withDemo(path));
      await expect(page.getByRole('alert')).toHaveText(
        'The user might have been deleted or never created.',
      );
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'profile-not-found');
    // A profile opened straight from the address bar has nothing in the app to go back to.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/people/);
  });
});
