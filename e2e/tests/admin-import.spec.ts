import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signIn } from '../support/session.ts';

const PEOPLE = 200;
const tagOf = () => Math.random().toString(36).slice(2, 8);
/** Names take letters only: n spelt in base 26. */
const lettersOf = (n: number): string =>
  (n >= 26 ? lettersOf(Math.floor(n / 26) - 1) : '') + String.fromCharCode(97 + (n % 26));

/** 200 people of the demo tenant's places, and one row that cannot be imported. */
function peopleCsv(project: string, tag: string): Buffer {
  const lines = ['first_name,last_name,email,role,school,department,headline,publications'];
  for (let n = 1; n <= PEOPLE; n += 1) {
    const publications =
      n % 10 === 0
        ? `"${JSON.stringify([{ title: `Paper ${n}`, year: 2020, citations: n }]).replace(/"/g, '""')}"`
        : '';
    lines.push(
      `Imported,Mc${lettersOf(n)},imp${n}.${tag}.${project}@e2e.example.edu,${n % 3 === 0 ? 'Faculty' : 'Student'},School of Engineering,Bioengineering,Researcher ${n},${publications}`,
    );
  }
  lines.push(`Broken,Row,not-an-email,Astronaut,,,,`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function chooseFile(page: Page, buffer: Buffer) {
  await page.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer,
  });
}

const counts = (page: Page) => page.getByRole('list', { name: 'What the import would do' });

test.describe('administration: bulk import and reference data', () => {
  test('imports 200 people from a CSV, then re-imports it as updates @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const csv = peopleCsv(testInfo.project.name, tagOf());
    await signIn(page, 'admin');
    await page.goto(withDemo('/admin/import'));
    await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/v1/admin/imports/template.csv',
    );
    await page.getByText('The columns and how a file is read').click();
    await expect(
      page.getByText(
        'Optional JSON list: [{"title", "authors", "year", "citations", "doi", "venue", "url"}].',
      ),
    ).toBeVisible();

    // A file the screen cannot read says why, and the next choice is checked afresh.
    await chooseFile(page, Buffer.from('first_name,last_name,email,role,shoe_size\n'));
    await expect(page.getByRole('alert')).toContainText("Unknown column 'shoe_size'.");
    await chooseFile(page, csv);
    await expect(counts(page)).toContainText(`${PEOPLE + 1} rows`);
    await expect(counts(page)).toContainText(`${PEOPLE} new`);
    await expect(counts(page)).toContainText('1 with errors');
    const errors = page.getByRole('region', { name: 'Rows with errors' });
    await expect(errors.getByRole('row', { name: /202 not-an-email/ })).toContainText(
      'Please enter a valid email address.',
    );
    await expect(errors).toContainText("There is no role 'Astronaut'");
    await expect(page.getByRole('region', { name: 'The first rows to import' })).toContainText(
      'School of Engineering',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-import-preview');

    await page.getByRole('button', { name: `Import ${PEOPLE} people` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'created' })).toContainText(
      `${PEOPLE} people created, 0 updated, 1 not imported.`,
      { timeout: 60_000 },
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-import-done');

    // The same file again: everyone is matched by e-mail and updated, nobody duplicated.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await chooseFile(page, csv);
    await expect(counts(page)).toContainText('0 new');
    await expect(counts(page)).toContainText(`${PEOPLE} to update`);
    await expect(
      page.getByRole('region', { name: 'The first rows to import' }).getByText('Updated').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: `Import ${PEOPLE} people` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'created' })).toContainText(
      `0 people created, ${PEOPLE} updated, 1 not imported.`,
      { timeout: 60_000 },
    );
  });

  test('renames a school, which the people directory’s filter then shows; deactivates one @phone', async ({
    page,
  }, testInfo) => {
    const tag = tagOf();
    const name = `Hall ${tag} ${testInfo.project.name}`;
    const renamed = `Renamed Hall ${tag} ${testInfo.project.name}`;
    const retired = `Retired Hall ${tag} ${testInfo.project.name}`;
    await signIn(page, 'admin');
    for (const school of [name, retired]) {
      const added = await page.request.post('/api/v1/admin/schools', { data: { name: school } });
      expect(added.status()).toBe(201);
    }

    await page.goto(withDemo('/admin/reference'));
    const table = page.getByRole('table', { name: 'Schools' });
    await expect(table.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
    await page.getByRole('button', { name: `Rename ${name}`, exact: true }).click();
    await page.getByRole('textbox', { name: `New name for ${name}` }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

    // A name another school has, in another case, is refused beside the field.
    await page.getByRole('button', { name: `Rename ${renamed}`, exact: true }).click();
    await page
      .getByRole('textbox', { name: `New name for ${renamed}` })
      .fill('school of engineering');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('alert')).toHaveText('A school with this name already exists.');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Deactivate ${retired}` }).click();
    await expect(table.getByRole('row', { name: new RegExp(retired) })).toContainText(
      'Deactivated',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'admin-reference');

    await page.getByRole('link', { name: 'Roles' }).click();
    await expect(page.getByRole('table', { name: 'Roles' })).toContainText('Faculty');
    await expectNoAxeViolations(page);

    await page.goto(withDemo('/people'));
    const filters = page.getByRole('search', { name: 'Filter people' });
    // On a phone the filters fold behind a button.
    if (testInfo.project.name === 'mobile') {
      await filters.getByRole('button', { name: /^Filters/ }).click();
    }
    const school = filters.getByRole('combobox', { name: 'School', exact: true });
    await school.selectOption({ label: renamed });
    await expect(page).toHaveURL(/school_id=\d+/);
    await expect(school.getByRole('option', { name, exact: true })).toHaveCount(0);
    await expect(school.getByRole('option', { name: retired, exact: true })).toHaveCount(0);
  });
});
