import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';

const CALLBACK = 'http://localhost:3000/api/v1/orcid/callback';
/** ORCID's own examples of valid iDs. */
const JOSIAH = '0000-0002-1825-0097';
const WITH_X = '0000-0002-1694-233X';

/**
 * CONTRACT §10: linking through ORCID's own sign-in marks the iD verified. A real OpenID Connect
 * provider plays ORCID, its `sub` being the iD as ORCID's ID tokens carry it.
 */
describe('linking an ORCID iD through ORCID’s sign-in', () => {
  let t: TestApp;
  let orcid: Awaited<ReturnType<typeof startOidcProvider>>;
  let clock: Date | null = null;

  beforeAll(async () => {
    orcid = await startOidcProvider(CALLBACK);
    t = await createTestApp({
      ORCID_URL: orcid.issuer,
      ORCID_CLIENT_ID: orcid.clientId,
      ORCID_CLIENT_SECRET: orcid.clientSecret,
    });
    t.deps.now = () => clock ?? new Date();
  });
  afterAll(async () => {
    await t.close();
    await orcid.close();
  });

  async function member(tenantId: number) {
    const { id } = await makeUser(t.db, tenantId);
    await giveAccount(t.db, tenantId, id);
    return { id, cookie: await sessionCookie(t.db, t.deps.config.secretKey, tenantId, id) };
  }

  const get = (path: string, cookie?: string) =>
    t.request(path, cookie ? { headers: { cookie } } : {});

  /** Start, ORCID's sign-in as `iD`, and the callback with `callbackCookie`; where the app sent the browser. */
  async function link(
    cookie: string,
    iD: string,
    options: { callbackCookie?: string; tamper?: (back: URL) => void } = {},
  ) {
    const started = await get('/api/v1/orcid/link', cookie);
    expect(started.status).toBe(302);
    const back = await orcid.signIn(started.headers.get('location') ?? '', iD);
    options.tamper?.(back);
    const answer = await get(`${back.pathname}${back.search}`, options.callbackCookie ?? cookie);
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location') ?? '', 'http://app');
  }

  const profileOf = async (id: number, cookie: string) =>
    (await get(`/api/v1/profiles/${id}`, cookie)).json();

  it('sends the member to ORCID with state, nonce and PKCE, and sets the iD verified on return', async () => {
    const { tenantId, domain } = await makeTenant(t.db);
    const marie = await member(tenantId);
    const started = await get('/api/v1/orcid/link', marie.cookie);
    const at = new URL(started.headers.get('location') ?? '');
    expect(at.origin).toBe(orcid.issuer);
    expect(Object.fromEntries(at.searchParams)).toMatchObject({
      client_id: orcid.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid',
      code_challenge_method: 'S256',
    });
    expect(at.searchParams.get('nonce')).toBeTruthy();

    const back = await link(marie.cookie, JOSIAH);
    expect(back.pathname).toBe('/update-profile');
    expect(Object.fromEntries(back.searchParams)).toEqual({ tenant: domain, orcid: 'linked' });
    expect(await profileOf(marie.id, marie.cookie)).toMatchObject({
      orcid: JOSIAH,
      orcid_verified: true,
      orcid_sign_in: true,
    });
    // A typed iD replacing it is unverified again.
    await t.request(
      `/api/v1/profiles/${marie.id}/orcid`,
      jsonInit('PUT', { orcid: WITH_X }, marie.cookie),
    );
    expect(await profileOf(marie.id, marie.cookie)).toMatchObject({
      orcid: WITH_X,
      orcid_verified: false,
    });
  });

  it('refuses an iD another member of the tenant holds; in another tenant it is free', async () => {
    const { tenantId } = await makeTenant(t.db);
    const [marie, pierre] = [await member(tenantId), await member(tenantId)];
    expect((await link(marie.cookie, WITH_X)).searchParams.get('orcid')).toBe('linked');
    expect((await link(pierre.cookie, WITH_X)).searchParams.get('orcid')).toBe('taken');
    expect(await profileOf(pierre.id, pierre.cookie)).toMatchObject({ orcid: null });

    const { tenantId: elsewhere } = await makeTenant(t.db);
    const bea = await member(elsewhere);
    expect((await link(bea.cookie, WITH_X)).searchParams.get('orcid')).toBe('linked');
    expect(await profileOf(bea.id, bea.cookie)).toMatchObject({
      orcid: WITH_X,
      orcid_verified: true,
    });
  });

  it('refuses a tampered state, another session’s state and a stale one, changing nothing', async () => {
    const { tenantId } = await makeTenant(t.db);
    const [marie, pierre] = [await member(tenantId), await member(tenantId)];
    const tampered = await link(marie.cookie, JOSIAH, {
      tamper: (back) => {
        const state = back.searchParams.get('state') ?? '';
        back.searchParams.set('state', `${Number(state.split('.')[0]) + 1}${state.slice(13)}`);
      },
    });
    expect(tampered.searchParams.get('orcid')).toBe('failed');
    // Marie's link finished in Pierre's session: the state is not his.
    const crossed = await link(marie.cookie, JOSIAH, { callbackCookie: pierre.cookie });
    expect(crossed.searchParams.get('orcid')).toBe('failed');
    // A member of another tenant finishing it fares no better.
    const { tenantId: elsewhere } = await makeTenant(t.db);
    const bea = await member(elsewhere);
    const foreign = await link(marie.cookie, JOSIAH, { callbackCookie: bea.cookie });
    expect(foreign.searchParams.get('orcid')).toBe('failed');
    // Back after more than ten minutes at ORCID.
    const started = await get('/api/v1/orcid/link', marie.cookie);
    const back = await orcid.signIn(started.headers.get('location') ?? '', JOSIAH);
    clock = new Date(Date.now() + 11 * 60_000);
    const late = await get(`${back.pathname}${back.search}`, marie.cookie);
    clock = null;
    expect(
      new URL(late.headers.get('location') ?? '', 'http://app').searchParams.get('orcid'),
    ).toBe('failed');
    for (const who of [marie, pierre, bea])
      expect(await profileOf(who.id, who.cookie)).toMatchObject({ orcid: null });
  });

  it('is 401 without a session, at the start and at the callback', async () => {
    expect((await get('/api/v1/orcid/link')).status).toBe(401);
    expect((await get('/api/v1/orcid/callback?state=x&code=y')).status).toBe(401);
  });
});
