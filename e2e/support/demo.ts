import type { APIRequestContext } from '@playwright/test';

/** The demo tenant every journey runs against (CONTRACT §1). */
export const DEMO_DOMAIN = 'demo.localhost';
export const withDemo = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}tenant=${DEMO_DOMAIN}`;

export interface DemoTenant {
  id: number;
  name: string;
  branding: {
    productName: string;
    styles: Record<string, string>;
    home: { title: string };
    claimProfile: {
      acceptInvite: { welcome: string };
      declineAppeal: { title: string; reconsiderButton: string; confirmButton: string };
      declined: { title: string };
      setPassword: { title: string; passwordError: string };
      review: { greeting: string; reviewButton: string };
      adminNotApproved: { title: string };
      awaitingLogin: { title: string };
      invalidToken: { title: string };
    };
  };
}

let demoTenant: Promise<DemoTenant> | undefined;

/** What the API says about the demo tenant, to compare the screens against. */
export function fetchDemoTenant(request: APIRequestContext): Promise<DemoTenant> {
  demoTenant ??= (async () => {
    const answer = await request.get(`/api/v1/tenant?domain=${DEMO_DOMAIN}`);
    if (!answer.ok()) throw new Error(`GET /api/v1/tenant answered ${answer.status()}`);
    return answer.json();
  })();
  return demoTenant;
}

/** CONTRACT §1 demo sign-ins. */
export const DEMO_PASSWORD = 'Kindling!2026';
export const demoUsers = {
  admin: 'admin@demo.localhost',
  faculty: 'faculty@demo.localhost',
  student: 'student@demo.localhost',
} as const;
export type DemoUser = keyof typeof demoUsers;
