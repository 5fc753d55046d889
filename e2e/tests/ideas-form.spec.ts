import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { fetchDemoTenant, withDemo } from '../support/demo.ts';
import { FACULTY, scrollToTop, signInAs } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Long journeys on a shared two-core machine: room beyond the 30 s default.
test.describe.configure({ timeout: 60_000 });

test.describe('the idea form', () => {
  test('says what is wrong, field by field, before anything is sent', async ({
    page,
    request,
  }, testInfo) => {
    const tenant = (await fetchDemoTenant(request)) as unknown as {
      branding: { patentNumberError: string };
    };
    await signInAs(page, FACULTY);
    await page.goto(withDemo('/idea-creation'));
    let posts = 0;
    await page.route('**/api/v1/ideas', (route) => {
      posts += 1;
      return route.continue();
    });

    await page.getByRole('button', { name: 'Post Idea' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Introduction is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();

    // Input stops at the limit and the counter shows it (SPEC §5).
    const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
    await titleBox.fill('x'.repeat(105));
    await expect(titleBox).toHaveValue('x'.repeat(100));
    await expect(page.getByText('100/100')).toBeVisible();
    await expect(page.getByText('Title is required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('textbox', { name: 'Link title' }).fill('Slides');
    await page.getByRole('button', { name: 'Add patent number' }).click();
    await page.getByRole('textbox', { name: 'Patent number 1' }).fill('not a patent');
    await page.getByRole('button', { name: 'Post Idea' }).click();
    await expect(page.getByText('URL and Title must be filled together')).toBeVisible();
    await expect(page.getByText(tenant.branding.patentNumberError)).toBeVisible();
    await expectNoAxeViolations(page);
    await scrollToTop(page);
    await saveScreenshot(page, testInfo, 'ideas-form-errors');

    for (const n of [2, 3, 4]) {
      await page.getByRole('button', { name: 'Add patent number' }).click();
      await expect(page.getByRole('textbox', { name: `Patent number ${n}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add patent number' }).click();
    const limit = page.getByText('You can add up to 4 patent numbers.');
    await expect(limit).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Patent number 5' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove patent number 4' }).click();
    await expect(page.getByRole('textbox', { name: 'Patent number 4' })).toHaveCount(0);

    for (const n of [2, 3]) {
      await page.getByRole('button', { name: 'Add link' }).click();
      await expect(page.getByRole('group', { name: `Supporting link ${n}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add link' }).click();
    await expect(page.getByText('You can add up to 3 supporting links.')).toBeVisible();

    // SPEC §9: the limit message hides after 5000 ms.
    await expect(limit).toBeHidden({ timeout: 7000 });
    expect(posts).toBe(0);
  });
});
