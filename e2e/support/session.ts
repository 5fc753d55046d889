import type { Page } from '@playwright/test';

type Permission = 'create_idea' | 'update_idea' | 'delete_idea' | 'invite_user' | 'admin';

export const everyPermission: Permission[] = [
  'create_idea',
  'update_idea',
  'delete_idea',
  'invite_user',
  'admin',
];

/**
 * Answers the session and sign-out calls in the browser as the server would for a signed-in
 * member, so the shell's signed-in side can be driven before the identity feature signs in for
 * real. Returns the number of sign-out calls made so far.
 */
export async function pretendSignedIn(
  page: Page,
  permissions: Permission[],
  { signOutStatus = 200 }: { signOutStatus?: number } = {},
): Promise<() => number> {
  let signedIn = true;
  let signOuts = 0;
  const now = Math.floor(Date.now() / 1000);
  await page.route('**/api/v1/auth/session', (route) =>
    signedIn
      ? route.fulfill({
          json: {
            user: {
              id: 'e2e-subject',
              userId: 1,
              name: 'Elena Marquez',
              email: 'admin@demo.localhost',
              profileImageUrl: null,
              roleId: 3,
              schoolName: 'Office of Research',
              departmentName: null,
              permissions,
              isRememberSession: false,
            },
            session: { issued_at: now, auth_time: now, expires_at: now + 3600 },
          },
        })
      : route.fulfill({
          status: 401,
          json: { code: 'UNAUTHORIZED', message: 'Signed out', status: 401, details: [] },
        }),
  );
  await page.route('**/api/v1/auth/sign-out', (route) => {
    signOuts += 1;
    if (signOutStatus !== 200) return route.fulfill({ status: signOutStatus, body: '' });
    signedIn = false;
    return route.fulfill({ json: { message: 'Signed out.' } });
  });
  return () => signOuts;
}
