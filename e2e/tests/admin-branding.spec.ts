import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, demoUsers, withDemo } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { scrollToTop, uniqueTitle } from '../support/ideas.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn, signInWith } from '../support/session.ts';

test.describe.configure({ timeout: 90_000 });

/** Each run its own colour and label, both meeting AA on white and on the demo's surfaces. */
const drafts = {
  desktop: { primary: '#1d4ed8', rgb: 'rgb(29, 78, 216)', label: 'Directory' },
  mobile: { primary: '#047857', rgb: 'rgb(4, 120, 87)', label: 'Colleagues' },
} as const;

const logoSvg = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><rect width="40" height="40" rx="8" fill="${fill}"/><rect x="52" y="12" width="100" height="16" rx="4" fill="${fill}"/></svg>`,
  );

const rootPrimary = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );

async function memberPage(browser: Browser, baseURL: string | undefined, mobile: boolean) {
  const context = await browser.newContext({
    baseURL,
    ...(mobile
      ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  await signInWith(page.request, demoUsers.faculty, DEMO_PASSWORD);
  return page;
}

test('an administrator rebrands the portal with a live preview, and members see it @phone', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name.startsWith('mobile');
  const draft = drafts[mobile ? 'mobile' : 'desktop'];
  await signIn(page, 'admin');

  await exclusively('demo-branding', async () => {
    const before = await (await page.request.get('/api/v1/admin/branding')).json();
    try {
      await page.goto(withDemo('/admin/branding'));
      await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
      const preview = page.getByTestId('branding-preview');
      if (mobile) {
        await expect(preview).toBeHidden();
        await page.getByRole('button', { name: 'Show preview' }).click();
      }
      const button = preview.getByTestId('preview-primary-button').first();
      await expect(button).toHaveCSS('background-color', 'rgb(140, 29, 64)');

      // Colour, label and logo change in the preview alone, before anything is saved.
      await page
        .getByRole('textbox', { name: 'Primary (buttons, links)', exact: true })
        .fill(draft.primary);
      await expect(button).toHaveCSS('background-color', draft.rgb);
      expect(await rootPrimary(page)).toBe('#8c1d40');

      await page.getByRole('textbox', { name: 'People', exact: true }).fill(draft.label);
      await expect(preview.getByText(draft.label, { exact: true })).toBeVisible();

      await page.getByLabel('Logo', { exact: true }).setInputFiles({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: logoSvg(draft.primary),
      });
      await expect(preview.getByRole('img', { name: 'Demo University' }).first()).toHaveAttribute(
        'src',
        /\/uploads\/\d+\/branding\/[\w-]+\.png$/,
      );

      // A colour below AA is flagged at once.
      const onPrimary = page.getByRole('textbox', { name: 'Text on primary', exact: true });
      await onPrimary.fill('#777777');
      await expect(
        page.getByText(/The contrast of button text on the primary colour is/),
      ).toHaveCount(1);
      await onPrimary.fill('#ffffff');
      await expect(
        page.getByText('Every text colour meets WCAG AA contrast (4.5:1).'),
      ).toBeVisible();

      await expectNoAxeViolations(page);
      await scrollToTop(page);
      await saveScreenshot(page, testInfo, 'admin-branding-draft');
      await page.getByRole('group', { name: 'Colours and fonts' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'admin-branding-colours', { fullPage: false });

      // Leaving with unsaved changes asks first.
      await page.getByRole('link', { name: 'Terms and conditions', exact: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
      await page.getByRole('button', { name: 'Stay and keep editing' }).click();
      await expect(page).toHaveURL(/\/admin\/branding\?/);

      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect(page.getByText('Branding saved.', { exact: false })).toBeVisible();
      await expect(page.getByText('All changes saved')).toBeVisible();
      // The administrator's own app takes the new look at once.
      expect(await rootPrimary(page)).toBe(draft.primary);

      const member = await memberPage(browser, baseURL, mobile);
      try {
        await member.goto(withDemo('/'));
        await expect(member.getByRole('heading', { level: 1, name: 'Ideas' })).toBeVisible();
        expect(await rootPrimary(member)).toBe(draft.primary);
        await expect(member.getByRole('banner').getByRole('img').first()).toHaveAttribute(
          'src',
          /\/uploads\/\d+\/branding\/[\w-]+\.png$/,
        );
        if (!mobile) {
          await expect(
            member
              .getByRole('navigation', { name: 'Main' })
              .getByRole('link', { name: draft.label }),
          ).toBeVisible();
        }
        await saveScreenshot(member, testInfo, 'member-rebranded-home', { fullPage: false });
        await member.goto(withDemo('/people'));
        await expect(member.getByRole('heading', { level: 1, name: draft.label })).toBeVisible();
        await expectNoAxeViolations(member);
        await saveScreenshot(member, testInfo, 'member-rebranded-people');
      } finally {
        await member.context().close();
      }
    } finally {
      const restored = await page.request.put('/api/v1/admin/branding', {
        data: overridesOf(before.branding, before.defaults),
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});

/** The overrides that reproduce a branding answer: what differs from its defaults. */
function overridesOf(branding: unknown, defaults: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(branding as Record<string, unknown>)) {
    const base = (defaults as Record<string, unknown>)[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = overridesOf(value, base ?? {});
      if (Object.keys(inner).length) out[key] = inner;
    } else if (JSON.stringify(value) !== JSON.stringify(base)) out[key] = value;
  }
  return out;
}

test('an administrator assigns a case manager and removes an idea @phone', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const title = uniqueTitle(testInfo, 'Tidal battery for the marine station');
  await signInWith(request, demoUsers.faculty, DEMO_PASSWORD);
  const posted = await request.post('/api/v1/ideas', {
    data: { title, introduction: 'Stores tidal energy for the night shift.', support_ids: [] },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const ideaId = (await posted.json()).idea_id;
  const follower = await browser.newContext({ baseURL });
  await signInWith(follower.request, demoUsers.student, DEMO_PASSWORD);
  expect((await follower.request.post(`/api/v1/ideas/${ideaId}/follow`)).status()).toBe(200);
  await follower.close();

  await signIn(page, 'admin');
  await page.goto(withDemo('/admin/ideas'));
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search ideas' }).fill(title);
  await expect(page.getByText('1 idea', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell').first()).toHaveText('None');

  await row.getByRole('button', { name: `Case manager of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Case manager of “${title}”` });
  await dialog.getByRole('searchbox', { name: 'Find a person' }).fill('morrison');
  const choice = dialog.getByRole('combobox', { name: 'Case manager' });
  await expect(choice.getByRole('option', { name: /James Morrison/ })).toHaveCount(1);
  await choice.selectOption({ label: 'James Morrison (Staff)' });
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, 'admin-ideas-case-manager', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Case manager of “${title}” saved.`)).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText('James Morrison');

  await expectNoAxeViolations(page);
  await scrollToTop(page);
  await saveScreenshot(page, testInfo, 'admin-ideas');

  await row.getByRole('button', { name: `Remove ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove “${title}”?` });
  await expect(confirm).toContainText('Its one follower stops following it.');
  await confirm.getByRole('button', { name: 'Remove idea' }).click();
  await expect(page.getByText(`Removed “${title}”.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No ideas found' })).toBeVisible();
  const gone = await request.get(`/api/v1/ideas/${ideaId}`);
  expect(gone.status()).toBe(404);
});

test('an administrator gives the portal its own terms, then restores the default ones @phone', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name.startsWith('mobile');
  const introduction = `Welcome to our community (${testInfo.project.name}): be kind, give credit.`;
  await signIn(page, 'admin');
  await exclusively('demo-terms', async () => {
    try {
      await page.goto(withDemo('/admin/branding/terms'));
      await expect(
        page.getByText('Members see the default terms.', { exact: false }),
      ).toBeVisible();
      await page.getByRole('textbox', { name: 'Introduction' }).fill(introduction);
      const last = page.getByRole('group', { name: /^Section \d+$/ }).last();
      await last.getByRole('button', { name: 'Add a point' }).click();
      await last
        .getByRole('textbox', { name: /heading$/ })
        .last()
        .fill('Credit:');
      await last.getByRole('textbox', { name: /text$/ }).last().fill('Name your collaborators.');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'admin-terms', { fullPage: false });
      await page.getByRole('button', { name: 'Save terms' }).click();
      await expect(page.getByText('Terms and conditions saved.')).toBeVisible();
      await expect(page.getByText('Members see this portal’s own terms.')).toBeVisible();

      const member = await memberPage(browser, baseURL, mobile);
      try {
        await member.goto(withDemo('/terms-and-conditions'));
        await expect(member.getByText(introduction)).toBeVisible();
        await expect(member.getByText('Name your collaborators.')).toBeVisible();
      } finally {
        await member.context().close();
      }

      await page.getByRole('button', { name: 'Restore default terms' }).click();
      await page
        .getByRole('alertdialog', { name: 'Restore the default terms?' })
        .getByRole('button', { name: 'Restore default terms' })
        .click();
      await expect(page.getByText('The default terms are back.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Introduction' })).not.toHaveValue(
        introduction,
      );
    } finally {
      await page.request.put('/api/v1/admin/terms', { data: { terms: null } });
    }
  });
});
