import { expect, type Page } from '@playwright/test';
import { fetchDemoTenant } from './demo.ts';

/** The demo accounts of CONTRACT §1 the idea journeys act as. */
export const FACULTY = 'faculty@demo.localhost';
export const STUDENT = 'student@demo.localhost';
export const ADMIN = 'admin@demo.localhost';
const DEMO_PASSWORD = 'Kindling!2026';

/**
 * Signs in for real through the API. `page.request` shares the page's cookies, so the pages
 * opened afterwards are the member's. Returns the member's user id.
 */
export async function signInAs(page: Page, email: string): Promise<number> {
  const tenant = await fetchDemoTenant(page.request);
  const answer = await page.request.post('/api/v1/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD, tenant_id: tenant.id, remember_session: false },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const body = (await answer.json()) as { user: { userId: number } };
  return body.user.userId;
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
