import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInWith } from '../support/session.ts';

// The first screen after sign-in waits on a cold server and a busy machine now and then.
const expect = baseExpect.configure({ timeout: 15_000 });

const section = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

/** An entry's field by its label, which carries a required field's mark. */
const field = (entry: Locator, label: string) => entry.getByLabel(new RegExp(`^${label}\\*?$`));

/** Adds an entry to a section with the Add button and fills its fields by label. */
async function addEntry(
  page: Page,
  title: string,
  noun: string,
  values: Record<string, string>,
): Promise<Locator> {
  const region = section(page, title);
  const position = (await region.getByRole('group').count()) + 1;
  await region.getByRole('button', { name: `Add ${noun}` }).click();
  const name = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${position}`;
  const entry = region.getByRole('group', { name, exact: true });
  for (const [label, value] of Object.entries(values)) {
    await field(entry, label).fill(value);
  }
  return entry;
}

/** A member of their own, signed in on the update-profile screen with the bio they need. */
async function freshEditor(page: Page, testInfo: Parameters<typeof newPerson>[0]) {
  const person = newPerson(testInfo, 'Sadie');
  const { id } = await claimedMember(page.request, person);
  await signInWith(page.request, person.email, NEW_PASSWORD);
  await page.goto(withDemo('/update-profile'));
  await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Bio' }).fill('Materials scientist.');
  return id;
}

test.describe('profile sections', () => {
  test('edits every section: add, edit, reorder, remove, save, and the profile shows it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const trouble = watchForTrouble(page);
    await freshEditor(page, testInfo);

    await addEntry(page, 'Education', 'education', {
      Institution: 'Ohio State University',
      Degree: 'BSc Chemistry',
      'Start year': '2008',
      'End year': '2012',
    });
    await addEntry(page, 'Education', 'education', {
      Institution: 'MIT',
      Degree: 'PhD Materials',
      'Start year': '2012',
      'End year': '2017',
    });
    // The newer degree goes first, by keyboard; focus stays on the moved entry.
    const education = section(page, 'Education');
    await education.getByRole('button', { name: 'Move education 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      education.getByRole('group', { name: 'Education 1' }).getByLabel('Institution'),
    ).toHaveValue('MIT');
    await expect(education.getByRole('button', { name: 'Move education 1 down' })).toBeFocused();

    await addEntry(page, 'Experience', 'position', {
      Title: 'Postdoctoral fellow',
      Organization: 'MIT',
      'Start date': '2017-09-01',
      'End date': '2019-08-31',
    });
    await addEntry(page, 'Experience', 'position', {
      Title: 'Assistant Professor',
      Organization: 'Ohio State University',
      'Start date': '2019-09-01',
    });
    await expect(
      section(page, 'Experience').getByRole('button', { name: /^Move position/ }),
    ).toHaveCount(0);

    await addEntry(page, 'Patents', 'patent', {
      Title: 'Stretchable electrode',
      'Patent number': 'US 10,123,456 B2',
      'Issue date': '2021-03-02',
    });
    const draft = await addEntry(page, 'Patents', 'patent', { Title: 'Draft to drop' });
    await draft.getByRole('button', { name: 'Remove patent 2' }).click();
    await expect(section(page, 'Patents').getByRole('group')).toHaveCount(1);
    // Nothing follows the removed entry, so focus goes back to the one before it.
    await expect(section(page, 'Patents').getByRole('group', { name: 'Patent 1' })).toBeFocused();

    await addEntry(page, 'Projects', 'project', {
      Title: 'Skin sensors',
      Description: 'Wearables.',
    });

    const paper = await addEntry(page, 'Publications', 'publication', {
      Title: 'Ionic skin',
      Authors: 'S. Tester, J. Sun',
      Venue: 'Advanced Materials',
      Year: '2014',
      DOI: 'not a doi',
    });
    await addEntry(page, 'Publications', 'publication', { Title: 'Hydrogel ionotronics' });

    await addEntry(page, 'Grants', 'grant', {
      Title: 'CAREER award',
      Organization: 'National Science Foundation',
    });

    const save = page.getByRole('button', { name: 'Save', exact: true }).last();
    await save.click();
    const doi = field(paper, 'DOI');
    await expect(paper.getByText('DOI must be a DOI such as 10.1000/xyz123.')).toBeVisible();
    await expect(doi).toHaveAttribute('aria-invalid', 'true');
    await expect(doi).toBeFocused();
    await doi.fill('https://doi.org/10.1002/ADMA.201304144');
    // Edited after the first try: the second publication is first after all.
    await section(page, 'Publications')
      .getByRole('button', { name: 'Move publication 2 up' })
      .click();
    await save.click();

    const saved = page.getByRole('dialog');
    await expect(saved).toBeVisible();
    await saved.getByRole('button', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/profile\/\d+/);

    const shown = (title: string) => section(page, title).getByRole('heading', { level: 3 });
    await expect(shown('Education')).toHaveText(['MIT', 'Ohio State University']);
    await expect(shown('Experience')).toHaveText(['Assistant Professor', 'Postdoctoral fellow']);
    await expect(shown('Patents')).toHaveText(['Stretchable electrode']);
    await expect(shown('Projects')).toHaveText(['Skin sensors']);
    await expect(shown('Publications')).toHaveText(['Hydrogel ionotronics', 'Ionic skin']);
    await expect(shown('Grants')).toHaveText(['CAREER award']);
    const publications = section(page, 'Publications');
    await expect(publications.getByText('Advanced Materials · 2014')).toBeVisible();
    await expect(
      publications.getByRole('link', { name: 'https://doi.org/10.1002/adma.201304144' }),
    ).toHaveAttribute('href', 'https://doi.org/10.1002/adma.201304144');
    await saveScreenshot(page, testInfo, 'profile-sections');

    // Back on the form, an entry removed and saved is gone from the profile.
    await page.goto(withDemo('/update-profile'));
    await section(page, 'Grants').getByRole('button', { name: 'Remove grant 1' }).click();
    await expect(section(page, 'Grants').getByRole('button', { name: 'Add grant' })).toBeFocused();
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'View Profile' }).click();
    await expect(shown('Education')).toHaveCount(2);
    await expect(section(page, 'Grants')).toHaveCount(0);
    expect(trouble).toEqual([]);
  });

  test('lays out every section on the update screen @phone', async ({ page }, testInfo) => {
    await freshEditor(page, testInfo);
    await addEntry(page, 'Education', 'education', { Institution: 'MIT', 'Start year': '2012' });
    await addEntry(page, 'Experience', 'position', { Title: 'Assistant Professor' });
    await addEntry(page, 'Patents', 'patent', { Title: 'Stretchable electrode' });
    await addEntry(page, 'Projects', 'project', { Title: 'Skin sensors' });
    await addEntry(page, 'Publications', 'publication', {
      Title: 'Ionic skin',
      Venue: 'Advanced Materials',
      DOI: '10.1002/adma.201304144',
    });
    await addEntry(page, 'Publications', 'publication', { Title: '', Year: 'soon' });
    await addEntry(page, 'Grants', 'grant', { Title: 'CAREER award' });
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByText('Year must be a year.')).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing may be wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'update-profile-sections');
  });
});
