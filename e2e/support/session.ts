import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoUser, demoUsers, fetchDemoTenant } from './demo.ts';

export interface SignedIn {
  userId: number;
  name: string;
}

/**
 * Signs in through the real API on a request context; a page's own context (`page.request`)
 * shares its cookies with the page, so the page is then signed in too.
 */
export async function signInWith(
  request: APIRequestContext,
  email: string,
  password: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<SignedIn> {
  const tenant = await fetchDemoTenant(request);
  const answer = await request.post('/api/v1/auth/sign-in', {
    data: { email, password, tenant_id: tenant.id, remember_session: remember },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const { user } = (await answer.json()) as { user: SignedIn };
  return { userId: user.userId, name: user.name };
}

/** Signs a page in as one of the demo users. */
export function signIn(page: Page, who: DemoUser): Promise<SignedIn> {
  return signInWith(page.request, demoUsers[who], DEMO_PASSWORD);
}
