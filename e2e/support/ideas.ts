import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from './demo.ts';
import { signInWith } from './session.ts';

/** The demo accounts of CONTRACT §1 the idea journeys act as. */
export const FACULTY = demoUsers.faculty;
export const STUDENT = demoUsers.student;
export const ADMIN = demoUsers.admin;

/** Signs a page in as the member with this e-mail and the demo password; gives their user id. */
export async function signInAs(page: Page, email: string): Promise<number> {
  return (await signInWith(page.request, email, DEMO_PASSWORD)).userId;
}

/** A title no other run or project shares, so parallel journeys find their own idea. */
export function uniqueTitle(testInfo: { project: { name: string } }, what: string): string {
  return `${what} (${testInfo.project.name} ${Date.now().toString(36)})`;
}

/**
 * Scrolls back to the top before a full-page screenshot: the sticky header would otherwise be
 * drawn where the page was scrolled to, across the middle of the picture.
 */
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}
