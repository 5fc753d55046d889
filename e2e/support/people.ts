import { type APIRequestContext, expect, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, fetchDemoTenant } from './demo.ts';
import { claimLinkFor } from './mail.ts';
import { signInWith } from './session.ts';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  name: string;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Someone no test has met: unique across projects, workers and runs against one server. Names
 * are letters only (SPEC §5).
 */
export function newPerson(testInfo: TestInfo, firstName: string): Person {
  const tag = Array.from(
    { length: 6 },
    () => letters[Math.floor(Math.random() * letters.length)],
  ).join('');
  const lastName = `Tester${tag[0]?.toUpperCase()}${tag.slice(1)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${tag}.${testInfo.project.name}@e2e.example.edu`,
    name: `${firstName} ${lastName}`,
  };
}

export const NEW_PASSWORD = 'Claimed!2027';

/** An administrator's request context, for setting up what a journey starts from. */
export async function asAdmin(request: APIRequestContext): Promise<APIRequestContext> {
  await signInWith(request, demoUsers.admin, DEMO_PASSWORD);
  return request;
}

/**
 * A member who claimed a profile an administrator created, with the password NEW_PASSWORD,
 * set up through the API (CONTRACT §3) for journeys that start after that.
 */
export async function claimedMember(
  request: APIRequestContext,
  person: Person,
): Promise<{ id: number }> {
  const tenant = await fetchDemoTenant(request);
  const admin = await asAdmin(request);
  const created = await admin.post('/api/v1/admin/users', {
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      role_id: 1,
      linkedin_url: 'https://www.linkedin.com/in/e2e-member',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const link = new URL(await claimLinkFor(request, person.email), 'http://x');
  const token = link.searchParams.get('token');
  const accepted = await request.put(
    `/api/v1/users/${id}/status?tenant_id=${tenant.id}&token=${token}`,
    { data: { status: 'accept' } },
  );
  expect(accepted.status()).toBe(200);
  const claimed = await request.post('/api/v1/auth/claim', {
    data: { token, tenant_id: tenant.id, password: NEW_PASSWORD },
  });
  expect(claimed.status()).toBe(201);
  return { id };
}
