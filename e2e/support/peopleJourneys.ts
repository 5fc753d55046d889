import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from './demo.ts';
import { type SignedIn, signInWith } from './session.ts';

/** The demo sign-ins of CONTRACT §1 that the people and profile journeys act as. */
export const demoAccounts = demoUsers;

/** Signs a page in as the member with this e-mail and the demo password. */
export function signInAs(page: Page, email: string): Promise<SignedIn> {
  return signInWith(page.request, email, DEMO_PASSWORD);
}

/**
 * The account whose own profile a journey edits: each browser project edits a different member,
 * so the two projects running side by side never save over each other.
 */
export function editorFor(testInfo: TestInfo): string {
  return testInfo.project.name === 'mobile' ? demoAccounts.student : demoAccounts.faculty;
}

/** The id of the one active member with this exact name, from the people picker. */
export async function memberId(page: Page, name: string): Promise<number> {
  const answer = await page.request.get(`/api/v1/filter/users?q=${encodeURIComponent(name)}`);
  expect(answer.ok()).toBe(true);
  const { users } = (await answer.json()) as { users: { id: number; name: string }[] };
  const match = users.find((user) => user.name === name);
  if (!match) throw new Error(`No member named ${name}`);
  return match.id;
}

/**
 * Collects page script errors, console errors and dialogs, for a journey to assert there were
 * none. A console error also catches a resource the page tried and failed to load.
 */
export function watchForTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console error: ${message.text()}`);
  });
  page.on('dialog', (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return trouble;
}
