import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoUser, demoUsers, fetchDemoTenant } from './demo.ts';

/**
 * Signs in through the real API on a request context; a page's own context (`page.request`)
 * shares its cookies with the page, so the page is then signed in too.
 */
export async function signInWith(
  request: APIRequestContext,
  email: string,
  password: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<{ userId: number }> {
  const tenant = await fetchDemoTenant(request);
  const answer = await request.post('/api/v1/auth/sign-in', {
    data: { email, password, tenant_id: tenant.id, remember_session: remember },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  return { userId: (await answer.json()).user.userId };
}

/** Signs a page in as one of the demo users. */
export function signIn(page: Page, who: DemoUser): Promise<{ userId: number }> {
  return signInWith(page.request, demoUsers[who], DEMO_PASSWORD);
}
