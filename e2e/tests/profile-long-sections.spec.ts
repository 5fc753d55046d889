import { expect as baseExpect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

// A thousand publications reach the browser and are laid out on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const many = <T>(count: number, entry: (i: number) => T) =>
  Array.from({ length: count }, (_, i) => entry(i));

// Decision 0043: a section of more entries than ten opens as lines, twenty drawn until asked.
test.describe('long profile sections', () => {
  test('1,000 publications open as lines to edit one by one @phone', async ({ page }, testInfo) => {
    const trouble = watchForTrouble(page);
    const person = newPerson(testInfo, 'Prolific');
    const { id } = await claimedMember(page.request, person);
    await signInWith(page.request, person.email, NEW_PASSWORD);
    const saved = await page.request.put(`/api/v1/profiles/${id}`, {
      data: {
        first_name: person.firstName,
        last_name: person.lastName,
        bio: 'Materials scientist.',
        publications: many(1000, (i) => ({
          title: `Self-healing polymers for soft electronics, study ${i + 1}`,
          authors: 'P. Raman, M. Chen',
          year: 1990 + (i % 35),
          venue: 'Advanced Materials',
        })),
        grants: many(3, (i) => ({ title: `Grant ${i + 1}` })),
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto(withDemo('/update-profile'));
    const publications = page.getByRole('region', { name: 'Publications', exact: true });
    await expect(publications.getByText('1,000 entries: choose Edit to change one.')).toBeVisible();
    await expect(publications.getByRole('group')).toHaveCount(20);
    // A short section opens as before.
    const grants = page.getByRole('region', { name: 'Grants', exact: true });
    await expect(grants.getByRole('textbox', { name: /^Title/ })).toHaveCount(3);

    const edit = publications.getByRole('button', { name: 'Edit publication 2', exact: true });
    await edit.click();
    await expect(edit).toHaveAttribute('aria-expanded', 'true');
    const entry = publications.getByRole('group', { name: 'Publication 2', exact: true });
    await expect(entry.getByLabel(/^Title/)).toHaveValue(
      'Self-healing polymers for soft electronics, study 2',
    );
    await entry.getByLabel(/^Title/).fill('Self-healing polymers, revised');
    await expect(publications.getByRole('group')).toHaveCount(20);
    await publications.scrollIntoViewIfNeeded();
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'profile-long-publications', { fullPage: false });

    await publications.getByRole('button', { name: 'Show all 1,000 entries' }).click();
    await expect(
      publications.getByRole('group', { name: 'Publication 21', exact: true }),
    ).toBeFocused();
    await expect(publications.getByRole('group')).toHaveCount(1000);
    expect(trouble).toEqual([]);
  });
});
