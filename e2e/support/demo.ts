import type { APIRequestContext } from '@playwright/test';

/** The demo tenant every journey runs against (CONTRACT §1). */
export const DEMO_DOMAIN = 'demo.localhost';
export const withDemo = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}tenant=${DEMO_DOMAIN}`;

export interface DemoTenant {
  id: number;
  name: string;
  branding: { productName: string; styles: Record<string, string>; home: { title: string } };
}

/** What the API says about the demo tenant, to compare the screens against. */
export async function fetchDemoTenant(request: APIRequestContext): Promise<DemoTenant> {
  const answer = await request.get(`/api/v1/tenant?domain=${DEMO_DOMAIN}`);
  if (!answer.ok()) throw new Error(`GET /api/v1/tenant answered ${answer.status()}`);
  return answer.json();
}
