import path from 'node:path';
import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, withDemo } from '../support/demo.ts';
import { editorFor, signInAs, watchForTrouble } from '../support/peopleJourneys.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// An import waits on the fake sources and a busy machine's server.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The university of this journey's own (server/test/e2e-universities.ts). */
const DOMAIN = 'scholar.localhost';
const at = (where: string) => `${where}${where.includes('?') ? '&' : '?'}tenant=${DOMAIN}`;
/** ORCID's test person, whose record the fake ORCID serves (server/test/fakes). */
const RECORDED_ORCID = '0000-0002-1825-0097';

const BIBTEX = `@inproceedings{muller2021,
  title     = {\\emph{Tardigrade} survival in M{\\"u}ller's vacuum chamber},
  author    = {M{\\"u}ller, Anna and Okonkwo, Kelechi},
  booktitle = {Proceedings of the Symposium on Extremophiles},
  year      = {2021}
}`;
const RIS = `TY  - JOUR
TI  - Recherches sur les substances radioactives
AU  - Curie, Marie
PY  - 1903
JO  - Annales de chimie et de physique
ER  - 
`;

const panelOf = (page: Page) => page.getByRole('region', { name: 'Import' });
const candidate = (page: Page, title: string) =>
  panelOf(page).getByRole('listitem').filter({ hasText: title });

async function chooseFile(page: Page, name: string, content: string) {
  await panelOf(page)
    .getByLabel(/BibTeX \(\.bib\) or RIS \(\.ris\) file/)
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  await panelOf(page).getByRole('button', { name: 'Import file' }).click();
}

/** Leaves no candidate waiting, so a retry starts where the first try did. */
async function rejectAllWaiting(page: Page, userId: number) {
  const waiting = await (await page.request.get(`/api/v1/profiles/${userId}/imports`)).json();
  for (const { id } of waiting.candidates as { id: number }[]) {
    await page.request.post(`/api/v1/profiles/${userId}/imports/${id}/reject`);
  }
}

async function panelScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await panelOf(page).screenshot({
    path: path.resolve(
      import.meta.dirname,
      '../screenshots',
      `${testInfo.project.name.split(' ')[0]}-${name}.png`,
    ),
    animations: 'disabled',
  });
}

test.describe('profile imports', () => {
  test('a member fills their profile from ORCID, DOIs, a BibTeX and a RIS file, accepting and rejecting', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one university of its own, one journey');
    test.setTimeout(120_000);
    const trouble = watchForTrouble(page);
    const tenant = await (await page.request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json();
    const signedIn = await page.request.post('/api/v1/auth/sign-in', {
      data: { email: `admin@${DOMAIN}`, password: DEMO_PASSWORD, tenant_id: tenant.id },
    });
    expect(signedIn.status()).toBe(200);
    const { user } = (await signedIn.json()) as { user: { userId: number } };
    await rejectAllWaiting(page, user.userId);
    await page.request.put(`/api/v1/profiles/${user.userId}/orcid`, { data: { orcid: null } });

    await page.goto(at('/update-profile'));
    const panel = panelOf(page);
    await expect(
      panel.getByText('Please add your ORCID iD before importing from ORCID.'),
    ).toBeVisible();

    await page.request.put(`/api/v1/profiles/${user.userId}/orcid`, {
      data: { orcid: RECORDED_ORCID },
    });
    await page.reload();
    await panel.getByRole('button', { name: 'Import from ORCID' }).click();
    await expect(panel.getByRole('status').filter({ hasText: '5 entries found.' })).toBeVisible();
    const sillyString = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';
    await expect(candidate(page, sillyString)).toContainText('cited 7 times');
    for (const section of ['Publications', 'Experience', 'Education', 'Grants']) {
      await expect(panel.getByRole('region', { name: section })).toBeVisible();
    }
    await candidate(page, 'The Psychoceramics of Broken Teacups')
      .getByRole('button', { name: /^Reject/ })
      .click();
    await expect(candidate(page, 'The Psychoceramics of Broken Teacups')).toHaveCount(0);
    // Keyboard: Accept is reached and pressed without a mouse.
    await candidate(page, sillyString)
      .getByRole('button', { name: /^Accept/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect(candidate(page, sillyString)).toHaveCount(0);

    const dois = panel.getByLabel(/DOIs, one per line/);
    await dois.fill('10.5555/12345678\nnot-a-doi');
    await panel.getByRole('button', { name: 'Import DOIs' }).click();
    await expect(panel.getByText("'not-a-doi' is not a DOI.")).toBeVisible();
    await dois.fill('10.5555/12345678\nhttps://doi.org/10.1038/171737a0\n10.5555/not-registered');
    await panel.getByRole('button', { name: 'Import DOIs' }).click();
    await expect(panel.getByText('Not found: 10.5555/not-registered.')).toBeVisible();
    await expect(candidate(page, sillyString)).toContainText('Already on your profile');
    await expect(candidate(page, 'Molecular Structure of Nucleic Acids')).toBeVisible();
    await candidate(page, sillyString)
      .getByRole('button', { name: /^Reject/ })
      .click();
    await expect(candidate(page, sillyString)).toHaveCount(0);

    await chooseFile(page, 'library.bib', BIBTEX);
    await expect(candidate(page, "Tardigrade survival in Müller's vacuum chamber")).toContainText(
      'Anna Müller, Kelechi Okonkwo',
    );
    await chooseFile(page, 'library.ris', RIS);
    await expect(candidate(page, 'Recherches sur les substances radioactives')).toBeVisible();
    await saveScreenshot(page, testInfo, 'profile-imports');

    await panel.getByRole('button', { name: 'Accept all' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(0);
    // The form above follows what was accepted, so saving it keeps the imports.
    const formTexts = () =>
      page
        .locator('form input, form textarea')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(formTexts).toContain('Recherches sur les substances radioactives');

    await page.goto(at(`/profile/${user.userId}`));
    for (const title of [
      sillyString,
      'Molecular Structure of Nucleic Acids',
      "Tardigrade survival in Müller's vacuum chamber",
      'Recherches sur les substances radioactives',
    ]) {
      await expect(page.getByText(title).first()).toBeVisible();
    }
    expect(trouble).toEqual([]);
  });

  test('the import panel with waiting candidates reads well on a phone @phone', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'looked at on a phone');
    const me = await signInAs(page, editorFor(testInfo));
    await rejectAllWaiting(page, me.userId);
    await page.goto(withDemo('/update-profile'));
    const panel = panelOf(page);
    await chooseFile(page, 'library.ris', RIS);
    await expect(candidate(page, 'Recherches sur les substances radioactives')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await panelScreenshot(page, testInfo, 'profile-import-panel');
    await panel.getByRole('button', { name: 'Reject all' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(0);
  });
});
