import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { dropFile } from '../support/files.ts';
import { asAdmin, claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { demoAccounts, editorFor, signInAs, watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

// The first screen after sign-in waits on a cold server and a busy machine now and then.
const expect = baseExpect.configure({ timeout: 15_000 });

const dropZone = (page: Page) =>
  page.getByRole('button', { name: /Click to upload or drag and drop/ });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).first();

test.describe('update profile', () => {
  test('saves a dropped, zoomed and rotated photo, which the profile and header then show @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const trouble = watchForTrouble(page);
    const me = await signInAs(page, editorFor(testInfo));
    await page.goto(withDemo('/update-profile'));

    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('combobox', { name: /User Type$/ })).toBeDisabled();
    await expect(page.getByText('SVG, PNG, JPG or GIF (max. 800x400px)')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'update-profile');

    await dropFile(page, dropZone(page), 'text');
    await expect(page.getByText('Please upload a JPEG, PNG, GIF, or SVG image.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await dropFile(page, dropZone(page), 'png');
    const dialog = page.getByRole('dialog', { name: 'Crop Profile Photo' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('output')).toHaveText('25%');
    // SPEC §2: the page behind the crop does not scroll.
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');

    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    await zoom.press('End');
    await expect(dialog.locator('output')).toHaveText('100%');
    // Ten steps of 0.01 down from 3: zoom 2.9, shown as (2.9 - 1) / 2 = 95 %.
    for (let step = 0; step < 10; step += 1) await zoom.press('ArrowLeft');
    await expect(dialog.locator('output')).toHaveText('95%');
    await expect(zoom).toHaveValue('2.9');

    const picture = dialog.getByRole('img', { name: 'Photo being cropped' });
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(picture).toHaveAttribute('style', /rotate\(90deg\)/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'crop-photo', { fullPage: false });

    await dialog.getByRole('button', { name: 'Crop and Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
    const preview = page.getByRole('img', { name: `${me.name}, as cropped` });
    await expect(preview).toHaveAttribute('src', /^blob:/);

    const location = `Lab ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.getByLabel('Location').fill(location);
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/profiles/${me.userId}/photo`));
    await saveButton(page).click();
    expect((await uploaded).status()).toBe(200);

    const saved = page.getByRole('dialog', { name: 'Profile updated successfully' });
    await expect(saved).toBeVisible();
    await expect(
      saved.getByText('Your changes have been saved and are now visible to other members.'),
    ).toBeVisible();
    const photoUrl = await saved.locator('img').getAttribute('src');
    expect(photoUrl).toMatch(/^\/uploads\/.+\.jpg$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'profile-saved', { fullPage: false });

    await saved.getByRole('button', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${me.userId}`));
    await page.reload();
    const hero = page.getByRole('region', { name: me.name });
    await expect(hero.locator('img')).toHaveAttribute('src', photoUrl ?? '');
    await expect(hero.getByText(location)).toBeVisible();
    // The header's photo follows the saved profile (the session's user details).
    await expect(
      page.getByRole('button', { name: /Account menu for/ }).locator('img'),
    ).toHaveAttribute('src', photoUrl ?? '');
    const photo = await page.request.get(photoUrl ?? '');
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    await saveScreenshot(page, testInfo, 'profile-with-photo', { fullPage: false });
    expect(trouble).toEqual([]);
  });

  test('shows the SPEC messages, cuts the bio at 1000 and keeps links read-only @phone', async ({
    page,
  }, testInfo) => {
    await signInAs(page, editorFor(testInfo));
    await page.goto(withDemo('/update-profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

    const bio = page.getByRole('textbox', { name: 'Bio' });
    await bio.fill('x'.repeat(1100));
    await expect(bio).toHaveValue('x'.repeat(1000));
    await expect(page.getByText('1000/1000')).toBeVisible();

    const firstName = page.getByLabel('First Name');
    await firstName.fill('   ');
    await bio.fill('');
    await saveButton(page).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Bio is required')).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toBeFocused();
    await expect(firstName).toBeInViewport();

    // Clearing the school clears its department, which waits for a school again.
    await page.getByRole('button', { name: 'Clear School' }).click();
    await expect(page.getByRole('combobox', { name: /Department$/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear Department' })).toHaveCount(0);

    await expect(page.getByLabel('LinkedIn URL')).toBeDisabled();
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByLabel('Google Scholar URL')).toBeDisabled();
      await expect(page.getByRole('heading', { level: 2, name: 'Grants' })).toBeVisible();
    } else {
      // A student has no Google Scholar field (SPEC §2: faculty only).
      await expect(page.getByLabel('Google Scholar URL')).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    // A full-page shot taken while scrolled repeats the sticky header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'update-profile-errors');
  });

  test('scrolls to the top with the SPEC words when the save or the upload fails', async ({
    page,
  }, testInfo) => {
    await signInAs(page, editorFor(testInfo));
    let answerSave: () => void = () => {};
    const saveHeld = new Promise<void>((resolve) => {
      answerSave = resolve;
    });
    await page.route('**/api/v1/profiles/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await saveHeld;
      return route.fulfill({
        status: 409,
        json: { code: 'CONFLICT', message: '', status: 409, details: [] },
      });
    });
    await page.goto(withDemo('/update-profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

    // Cancel in the crop discards the picture: nothing is previewed or sent.
    await dropFile(page, dropZone(page), 'png');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('img', { name: /as cropped/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    // While the save is on its way both buttons say so, and neither can be pressed again.
    await expect(page.getByRole('button', { name: 'Saving...' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Saving...' }).first()).toBeDisabled();
    answerSave();
    await expect(page.getByRole('alert')).toHaveText('an error occured while updating profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeInViewport();

    await page.route('**/api/v1/profiles/*/photo', (route) => route.abort('internetdisconnected'));
    await dropFile(page, dropZone(page), 'png');
    await page.getByRole('dialog').getByRole('button', { name: 'Crop and Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByRole('alert')).toHaveText('image upload failed');
  });

  test('renders a bio full of script payloads as inert text', async ({ page }) => {
    const trouble = watchForTrouble(page);
    const admin = await signInAs(page, demoAccounts.admin);
    const before = await (await page.request.get(`/api/v1/profiles/${admin.userId}`)).json();
    const payload = [
      '<p>Plain words stay.</p>',
      '<script>window.__xss = "script"</script>',
      '<img src=x onerror="window.__xss = \'img\'">',
      '<p><a href="javascript:window.__xss=\'link\'">a link that goes nowhere</a></p>',
      '<svg onload="window.__xss = \'svg\'"><circle r="5"></circle></svg>',
      '<style>body { display: none }</style>',
      '<p onclick="window.__xss = \'click\'">&lt;script&gt;window.__xss = "text"&lt;/script&gt;</p>',
    ].join('');
    const put = await page.request.put(`/api/v1/profiles/${admin.userId}`, {
      data: { first_name: before.first_name, last_name: before.last_name, bio: payload },
    });
    expect(put.status()).toBe(200);

    try {
      await page.goto(withDemo(`/profile/${admin.userId}`));
      const about = page.getByRole('region', { name: 'About' });
      await expect(about.getByText('Plain words stay.')).toBeVisible();
      await expect(about.getByText('<script>window.__xss = "text"</script>')).toBeVisible();
      await expect(about.locator('script, img, svg, style, iframe, [onclick]')).toHaveCount(0);
      const link = about.getByText('a link that goes nowhere');
      await expect(link).toBeVisible();
      expect((await link.getAttribute('href')) ?? '').not.toMatch(/javascript/i);
      await link.click();
      await about.getByText('<script>window.__xss = "text"</script>').click();
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

      // The form reads the bio too, through an inert document.
      await page.goto(withDemo('/update-profile'));
      await expect(page.getByRole('textbox', { name: 'Bio' })).toHaveValue(
        /<script>window.__xss = "text"<\/script>/,
      );

      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(trouble).toEqual([]);
    } finally {
      await page.request.put(`/api/v1/profiles/${admin.userId}`, {
        data: { first_name: before.first_name, last_name: before.last_name, bio: before.bio },
      });
    }
  });

  test('keeps a school and department deactivated since they were saved, marked, and offers no other @phone', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const trouble = watchForTrouble(page);
    const person = newPerson(testInfo, 'Retta');
    const { id } = await claimedMember(request, person);
    const admin = await asAdmin(request);
    const tag = `${person.lastName.slice(-5)} ${testInfo.project.name}`;
    const added = async (path: string, data: Record<string, unknown>) => {
      const answer = await admin.post(`/api/v1/admin/${path}`, { data });
      expect(answer.status(), `${path} ${JSON.stringify(data)}`).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const kept = await added('schools', { name: `Old Hall ${tag}` });
    const closed = await added('schools', { name: `Shut Hall ${tag}` });
    const keptLab = await added('departments', { name: `Old Lab ${tag}`, school_id: kept });
    const shutLab = await added('departments', { name: `Shut Lab ${tag}`, school_id: kept });
    await added('departments', { name: `Open Lab ${tag}`, school_id: kept });

    await signInWith(page.request, person.email, NEW_PASSWORD);
    const chosen = await page.request.put(`/api/v1/profiles/${id}`, {
      data: {
        first_name: person.firstName,
        last_name: person.lastName,
        bio: 'Works in a hall about to close.',
        school_id: kept,
        department_id: keptLab,
      },
    });
    expect(chosen.status()).toBe(200);
    for (const [kind, entry] of [
      ['schools', kept],
      ['schools', closed],
      ['departments', keptLab],
      ['departments', shutLab],
    ] as const) {
      const answer = await admin.put(`/api/v1/admin/${kind}/${entry}`, {
        data: { is_active: false },
      });
      expect(answer.status()).toBe(200);
    }

    await page.goto(withDemo('/update-profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
    const school = page.getByRole('combobox', { name: /School$/ });
    const department = page.getByRole('combobox', { name: /Department$/ });
    await expect(school.locator('option:checked')).toHaveText(`Old Hall ${tag} (deactivated)`);
    await expect(department.locator('option:checked')).toHaveText(`Old Lab ${tag} (deactivated)`);
    await expect(school.getByRole('option', { name: new RegExp(`Shut Hall ${tag}`) })).toHaveCount(
      0,
    );
    await expect(department.getByRole('option')).toHaveText([
      /./,
      `Old Lab ${tag} (deactivated)`,
      `Open Lab ${tag}`,
    ]);
    // A phone cuts the name short, so the field says it in words too.
    await expect(school).toHaveAccessibleDescription(
      'The school you are primarily affiliated with. No longer offered: you can keep it or choose another.',
    );
    await expectNoAxeViolations(page);
    await school.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'update-profile-deactivated-school', { fullPage: false });

    // Saved unchanged, the profile keeps both; an active department of the school may be chosen.
    await department.selectOption({ label: `Open Lab ${tag}` });
    await expect(department.getByRole('option', { name: /Old Lab/ })).toHaveCount(1);
    await department.selectOption({ label: `Old Lab ${tag} (deactivated)` });
    await saveButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Profile updated successfully' })).toBeVisible();
    const profile = await (await page.request.get(`/api/v1/profiles/${id}`)).json();
    expect(profile).toMatchObject({ school_id: kept, department_id: keptLab });
    expect(trouble).toEqual([]);
  });
});
