import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { fetchDemoTenant, withDemo } from '../support/demo.ts';
import { FACULTY, scrollToTop, signInAs, uniqueTitle } from '../support/ideas.ts';
import { asAdmin } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Long journeys on a shared two-core machine: room beyond the 30 s default.
test.describe.configure({ timeout: 60_000 });

test.describe('the idea form', () => {
  test('says what is wrong, field by field, before anything is sent @phone', async ({
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

  test('keeps a support type and IP status deactivated since the idea named them, marked @phone', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await asAdmin(request);
    const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
    const added = async (path: string, name: string) => {
      const answer = await admin.post(`/api/v1/admin/${path}`, { data: { name } });
      expect(answer.status(), `${path} ${name}`).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const deactivate = async (path: string, id: number) => {
      const answer = await admin.put(`/api/v1/admin/${path}/${id}`, { data: { is_active: false } });
      expect(answer.status()).toBe(200);
    };
    // Other journeys load the lists meanwhile: the entry never chosen is never active for them.
    await deactivate('support', await added('support', `Shut help ${tag}`));
    const help = await added('support', `Old help ${tag}`);
    const status = await added('ip-status', `Old status ${tag}`);

    await signInAs(page, FACULTY);
    const posted = await page.request.post('/api/v1/ideas', {
      data: {
        title: uniqueTitle(testInfo, 'Retired picks'),
        introduction: 'Named a support type and an IP status since deactivated.',
        support_ids: [help],
        ip_status_id: status,
      },
    });
    expect(posted.status()).toBe(201);
    const { idea_id: ideaId } = (await posted.json()) as { idea_id: number };
    await deactivate('support', help);
    await deactivate('ip-status', status);

    await page.goto(withDemo(`/my-ideas/edit/${ideaId}`));
    await expect(
      page.getByRole('checkbox', { name: `Old help ${tag} (deactivated)`, exact: true }),
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: new RegExp(`Shut help ${tag}`) })).toHaveCount(
      0,
    );
    await expect(
      page.getByRole('radio', { name: `Old status ${tag} (deactivated)`, exact: true }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await page
      .getByRole('checkbox', { name: `Old help ${tag} (deactivated)` })
      .scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'ideas-form-deactivated', { fullPage: false });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Your changes are saved' })).toBeVisible();
    const saved = await (await page.request.get(`/api/v1/ideas/${ideaId}`)).json();
    expect(saved).toMatchObject({ support_ids: [help], ip_status_id: status });
  });
});
