import type { TestApp } from './app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  signInCookie,
  TEST_PASSWORD,
} from './factories.ts';

/** A call to /api/v1 with a member's cookie (or none), sending `body` as JSON when there is one. */
function apiCall(
  t: TestApp,
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
): Promise<Response> {
  return Promise.resolve(
    t.request(
      `/api/v1${path}`,
      body === undefined
        ? { method, headers: cookie ? { cookie } : {} }
        : jsonInit(method, body, cookie ?? undefined),
    ),
  );
}

export type ApiCall = (
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
) => Promise<Response>;

/** `apiCall` on the app a suite opens in its `beforeAll`: `const call = callerOf(() => t)`. */
export const callerOf =
  (app: () => TestApp): ApiCall =>
  (method, path, cookie, body) =>
    apiCall(app(), method, path, cookie, body);

/** An API client bound to one member: it signed in through the API and sends that cookie. */
export interface Client {
  cookie: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

async function signedIn(
  t: TestApp,
  tenantId: number,
  email: string,
  password = TEST_PASSWORD,
): Promise<Client> {
  const cookie = await signInCookie(t.request, tenantId, email, password);
  return { cookie, call: (method, path, body) => apiCall(t, method, path, cookie, body) };
}

export type Member = Awaited<ReturnType<typeof makeUser>> & { client: Client };

/**
 * A tenant of the test's own, its administrator signed in, and a way to add members who can sign
 * in: no test reads what another one made, so each runs alone (`-t`) as it runs with the others.
 */
export async function freshTenant(t: TestApp, name = 'Test University') {
  const tenant = await makeTenant(t.db, name);
  const admin = await signedIn(t, tenant.tenantId, `admin@${tenant.domain}`);
  /** A member with a password, signed in; `values` are the user row's. */
  const member = async (values: Parameters<typeof makeUser>[2] = {}): Promise<Member> => {
    const user = await makeUser(t.db, tenant.tenantId, values);
    await giveAccount(t.db, tenant.tenantId, user.id);
    return { ...user, client: await signedIn(t, tenant.tenantId, user.email) };
  };
  return { ...tenant, admin, member };
}
