import { expect, type Page, type TestInfo } from '@playwright/test';
import { fetchDemoTenant } from './demo.ts';

/** The demo sign-ins of CONTRACT §1 that the people and profile journeys act as. */
export const demoAccounts = {
  faculty: 'faculty@demo.localhost',
  student: 'student@demo.localhost',
  admin: 'admin@demo.localhost',
} as const;
const DEMO_PASSWORD = 'Kindling!2026';

export interface SignedIn {
  userId: number;
  name: string;
}

/**
 * Signs in for real through the API. `page.request` shares the browser context's cookies, so the
 * pages opened afterwards belong to this member.
 */
export async function signInAs(page: Page, email: string): Promise<SignedIn> {
  const tenant = await fetchDemoTenant(page.request);
  const answer = await page.request.post('/api/v1/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD, tenant_id: tenant.id, remember_session: false },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const { user } = (await answer.json()) as { user: SignedIn };
  return { userId: user.userId, name: user.name };
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
