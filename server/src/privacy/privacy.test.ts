import { dataExport, privacyMessages } from '@kindling/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { queryRows } from '../db/client.ts';
import { queryCount } from '../db/rows.ts';
import { accounts, sessions } from '../db/schema-auth.ts';
import { uploads, users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AUTHOR_PERMISSIONS, postIdea } from '../ideas/test-fixtures.ts';
import { inventory } from './inventory.ts';

/**
 * Column names that suggest a person's data: a name, an address, something someone wrote, where
 * they were. Such a column must be named in its table's entry, with what it is.
 */
const LOOKS_PERSONAL =
  /(^|_)(name|email|address|phone|body|bio|headline|location|ip_address|user_agent|agent|message|text|subject|summary|detail|url|orcid|reason|result|redirect|entry|lexeme|doc|secret|hash|sealed)(_|$)/;

/** Written into every field of the member erased below, to look for anywhere afterwards. */
const TRACE = 'Quorvath';

describe("a member's data, exported and erased (CONTRACT §11)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A tenant with an author whose idea a member comments on, follows and asks about. */
  const scene = async () => {
    const tenant = await freshTenant(t);
    const author = await tenant.member({ permissions: AUTHOR_PERMISSIONS, firstName: 'Ann' });
    const member = await tenant.member({
      firstName: 'Mira',
      lastName: TRACE,
      headline: `${TRACE} lab`,
      bio: `I study ${TRACE} things.`,
      permissions: AUTHOR_PERMISSIONS,
    });
    const ideaId = await postIdea(t, author.client.cookie, { title: 'Solar glass' });
    const ownIdeaId = await postIdea(t, member.client.cookie, { title: 'Tidal kites' });
    expect(
      (await member.client.call('POST', `/ideas/${ideaId}/comments`, { body: 'Lovely work.' }))
        .status,
    ).toBe(201);
    expect((await member.client.call('POST', `/ideas/${ideaId}/follow`)).status).toBe(200);
    expect(
      (
        await member.client.call('POST', `/ideas/${ideaId}/interest`, {
          kind: 'licensing',
          message: `${TRACE} would license this.`,
        })
      ).status,
    ).toBe(201);
    // The author's comment tells the member, who follows: a notification of their own.
    expect(
      (await author.client.call('POST', `/ideas/${ideaId}/comments`, { body: 'Thank you.' }))
        .status,
    ).toBe(201);
    return { tenant, author, member, ideaId, ownIdeaId };
  };

  const count = (tenantId: number, query: ReturnType<typeof sql>) =>
    inTenant(t.db, tenantId, (tx) => queryCount(tx, query));

  it('downloads everything it holds about the caller as JSON named with the date, without a secret', async () => {
    const { member, ideaId, ownIdeaId } = await scene();
    const res = await member.client.call('GET', '/me/export');
    expect(res.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="[a-z0-9.]+-my-data-${day}\\.json"$`),
    );
    const text = await res.text();
    const document = dataExport.parse(JSON.parse(text));
    expect(document.profile).toMatchObject({ email: member.email, last_name: TRACE });
    expect(document.ideas).toEqual([
      expect.objectContaining({ id: ownIdeaId, role: 'principal_investigator' }),
    ]);
    expect(document.comments).toEqual([
      expect.objectContaining({ idea_id: ideaId, body: 'Lovely work.' }),
    ]);
    expect(document.interest).toEqual([
      expect.objectContaining({ idea_id: ideaId, kind: 'licensing', status: 'open' }),
    ]);
    expect(document.follows).toEqual([expect.objectContaining({ idea_id: ideaId })]);
    expect(document.notifications).toEqual([
      expect.objectContaining({ kind: 'comment', idea_id: ideaId }),
    ]);
    expect(document.sessions.length).toBeGreaterThan(0);
    expect(document.audit).toEqual([]);
    for (const secret of ['password_hash', 'token_hash', 'secret_sealed', 'code_hash', '$argon2']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(member.client.cookie.split('=')[1]);
  });

  it('erases the member: no sign-in, no session, no name, e-mail, photo or profile, and their comment reads Former member', async () => {
    const { tenant, author, member, ideaId, ownIdeaId } = await scene();
    const photo = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const uploaded = await t.request(`/api/v1/profiles/${member.id}/photo`, {
      method: 'POST',
      headers: { cookie: member.client.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const [upload] = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, member.id)),
    );
    expect(await t.deps.storage.get(upload?.key ?? '')).not.toBeNull();

    // What others' rows copied of the member: the author's mail of their interest request, the
    // notices naming them. Counted before, so the test would see a rewrite that missed them.
    const mentions = () =>
      count(
        tenant.tenantId,
        sql`select (select count(*)::int from outbox
                     where strpos(subject || text_body || html_body, ${TRACE}) > 0)
                 + (select count(*)::int from notifications where strpos(text, ${TRACE}) > 0)
                 + (select count(*)::int from audit_log
                     where strpos(summary || detail::text, ${TRACE}) > 0) as n`,
      );
    expect(await mentions()).toBeGreaterThan(0);

    const res = await member.client.call('DELETE', '/me', { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: privacyMessages.erased });
    expect(await mentions()).toBe(0);
    expect(res.headers.get('set-cookie')).toMatch(/session=;/);

    expect((await member.client.call('GET', '/auth/session')).status).toBe(401);
    // The sign-in answers as for an address never registered.
    const signIn = (email: string) =>
      t.request(
        '/api/v1/auth/sign-in',
        jsonInit('POST', { email, password: TEST_PASSWORD, tenant_id: tenant.tenantId }),
      );
    const [erased, unknown] = await Promise.all([
      signIn(member.email),
      signIn(`nobody@${tenant.domain}`),
    ]);
    expect(erased.status).toBe(404);
    expect(await erased.json()).toEqual(await unknown.json());
    expect((await tenant.admin.call('GET', `/profiles/${member.id}`)).status).toBe(404);

    const page = await (await author.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(page.comments[0]).toMatchObject({
      body: 'Lovely work.',
      author: { id: member.id, first_name: 'Former', last_name: 'member', profile_image_url: null },
    });
    const led = await (await author.client.call('GET', `/ideas/${ownIdeaId}`)).json();
    expect(JSON.stringify(led)).not.toContain(TRACE);
    expect(JSON.stringify(led)).toContain('Former');

    // Nothing the tenant's members or administrators read shows them again.
    for (const path of [
      `/users?q=${TRACE}`,
      `/ideas?q=${TRACE}`,
      `/search?q=${TRACE}`,
      `/ideas/${ideaId}/interest`,
      '/admin/users',
      '/admin/audit',
      '/notifications',
    ]) {
      const body = await (await tenant.admin.call('GET', path)).text();
      expect(body, path).not.toContain(TRACE);
      expect(body, path).not.toContain(member.email);
    }
    const authorNotices = await (await author.client.call('GET', '/notifications')).text();
    expect(authorNotices).not.toContain(TRACE);
    expect(authorNotices).toContain('Former member commented');

    const left = await count(
      tenant.tenantId,
      sql`select (select count(*)::int from sessions where user_id = ${member.id})
               + (select count(*)::int from accounts where user_id = ${member.id})
               + (select count(*)::int from follows where user_id = ${member.id})
               + (select count(*)::int from interest_requests where requester_id = ${member.id})
               + (select count(*)::int from notifications where recipient_id = ${member.id})
               + (select count(*)::int from uploads where user_id = ${member.id})
               + (select count(*)::int from outbox where lower(to_address) = lower(${member.email}))
               + (select count(*)::int from search_lexemes where lexeme like ${`${TRACE.toLowerCase()}%`})
               + (select count(*)::int from audit_log where actor_email = ${member.email}) as n`,
    );
    expect(left).toBe(0);
    expect(await t.deps.storage.get(upload?.key ?? '')).toBeNull();

    const [entry] = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'account.erase'), eq(auditLog.targetId, member.id))),
    );
    expect(entry).toMatchObject({ actorId: member.id, actorEmail: null });

    // The address is free: an administrator may invite it again.
    const again = await tenant.admin.call('POST', '/admin/users', {
      first_name: 'Mira',
      last_name: 'Again',
      email: member.email,
      role_id: 1,
      linkedin_url: 'https://www.linkedin.com/in/mira-again',
    });
    expect(again.status, await again.clone().text()).toBe(201);
  });

  it('asks for the password again: missing or wrong is 400 on password, and nothing changes', async () => {
    const { member } = await scene();
    for (const [body, error] of [
      [{}, privacyMessages.password],
      [{ password: 'Wrong!pass1' }, privacyMessages.passwordIncorrect],
      [{ password: 'x'.repeat(300) }, privacyMessages.passwordIncorrect],
    ] as const) {
      const res = await member.client.call('DELETE', '/me', body);
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field: 'password', error }]);
    }
    expect((await member.client.call('DELETE', '/me', { password: 42 })).status).toBe(400);
    expect((await member.client.call('GET', '/auth/session')).status).toBe(200);
  });

  it('lets a member without a password (single sign-on) erase within 5 minutes of signing in, else 403', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.update(accounts).set({ passwordHash: null }).where(eq(accounts.userId, member.id)),
    );
    const stale = await sessionCookie(t.db, t.deps.config.secretKey, tenant.tenantId, member.id);
    await inTenant(t.db, tenant.tenantId, (tx) =>
      tx
        .update(sessions)
        .set({ issuedAt: new Date(Date.now() - 6 * 60 * 1000) })
        .where(eq(sessions.userId, member.id)),
    );
    const late = await t.request('/api/v1/me', jsonInit('DELETE', {}, stale));
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe(privacyMessages.reauthenticate);
    const fresh = await sessionCookie(t.db, t.deps.config.secretKey, tenant.tenantId, member.id);
    expect((await t.request('/api/v1/me', jsonInit('DELETE', {}, fresh))).status).toBe(200);
  });

  it('refuses to erase the last active administrator (409), and an administrator erases through DELETE /me only', async () => {
    const tenant = await freshTenant(t);
    const last = await tenant.admin.call('DELETE', '/me', { password: TEST_PASSWORD });
    expect(last.status).toBe(409);
    expect((await last.json()).message).toBe(privacyMessages.lastAdministrator);
    const own = await tenant.admin.call('DELETE', `/admin/users/${tenant.adminUserId}`);
    expect(own.status).toBe(409);
    expect((await own.json()).message).toBe(privacyMessages.ownAccount);
    expect((await tenant.admin.call('GET', '/auth/session')).status).toBe(200);
  });

  it('lets an administrator erase a member, audited; once erased the member is 404', async () => {
    const { tenant, member } = await scene();
    const other = await tenant.member({ permissions: ['admin'] });
    const res = await tenant.admin.call('DELETE', `/admin/users/${other.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: privacyMessages.memberErased });
    expect((await other.client.call('GET', '/auth/session')).status).toBe(401);
    expect((await tenant.admin.call('DELETE', `/admin/users/${other.id}`)).status).toBe(404);
    expect((await tenant.admin.call('DELETE', '/admin/users/2147483647')).status).toBe(404);
    expect((await tenant.admin.call('DELETE', '/admin/users/abc')).status).toBe(400);
    expect((await member.client.call('DELETE', `/admin/users/${other.id}`)).status).toBe(403);
    const audit = await (await tenant.admin.call('GET', '/admin/audit?action=member.erase')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'member.erase', target_id: other.id });
  });

  it('holds the last administrator under concurrency: of two erasing themselves at once, one is refused', async () => {
    const tenant = await freshTenant(t);
    const second = await tenant.member({ permissions: ['admin'] });
    const answers = await Promise.all([
      tenant.admin.call('DELETE', '/me', { password: TEST_PASSWORD }),
      second.client.call('DELETE', '/me', { password: TEST_PASSWORD }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const admins = await count(
      tenant.tenantId,
      sql`select count(*)::int as n from users where 'admin' = any(permissions) and erased_at is null`,
    );
    expect(admins).toBe(1);
  });

  it('touches no other tenant: the same e-mail elsewhere is kept, and their ids are 404', async () => {
    const home = await freshTenant(t);
    const away = await freshTenant(t);
    const email = `twin-${Date.now()}@example.edu`;
    const here = await home.member({ email, lastName: TRACE });
    const there = await away.member({ email, lastName: TRACE });
    expect((await home.admin.call('DELETE', `/admin/users/${there.id}`)).status).toBe(404);
    const exported = dataExport.parse(await (await here.client.call('GET', '/me/export')).json());
    expect(exported.profile).toMatchObject({ id: here.id });
    expect(exported.tenant.id).toBe(home.tenantId);
    expect((await here.client.call('DELETE', '/me', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await there.client.call('GET', '/auth/session')).status).toBe(200);
    const [kept] = await inTenant(t.db, away.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.id, there.id)),
    );
    expect(kept).toMatchObject({ email, lastName: TRACE, erasedAt: null });
  });

  describe('the inventory of personal data (CONTRACT §11, docs/decisions/0041)', () => {
    let columns: { table_name: string; column_name: string }[];

    beforeAll(async () => {
      columns = await queryRows(
        t.db,
        sql`select c.table_name, c.column_name from information_schema.columns c
            join information_schema.tables t
              on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
            order by 1, 2`,
        z.strictObject({ table_name: z.string(), column_name: z.string() }),
      );
    });

    it('names every table of the database, once, and no table the database lacks', () => {
      const tables = [...new Set(columns.map((c) => c.table_name))];
      const named = inventory.map((entry) => entry.table);
      expect(new Set(named).size, 'a table is named twice').toBe(named.length);
      expect(
        tables.filter((table) => !named.includes(table)),
        'tables the inventory does not know: add an entry to server/src/privacy/inventory.ts',
      ).toEqual([]);
      expect(named.filter((table) => !tables.includes(table))).toEqual([]);
    });

    it('names, in its table entry, every column that looks personal', () => {
      const unnamed = columns
        .filter((c) => LOOKS_PERSONAL.test(c.column_name))
        .filter((c) => {
          const entry = inventory.find((e) => e.table === c.table_name);
          return !entry || !(c.column_name in entry.columns);
        })
        .map((c) => `${c.table_name}.${c.column_name}`);
      expect(unnamed, 'say in inventory.ts what these columns hold and what erasure does').toEqual(
        [],
      );
    });

    it("links each member's table by a column that exists, and says why the others hold nothing", () => {
      for (const entry of inventory) {
        if (entry.holds === 'nothing') {
          expect(entry.reason.length, entry.table).toBeGreaterThan(10);
          continue;
        }
        expect(
          columns.some((c) => c.table_name === entry.table && c.column_name === entry.link),
          `${entry.table}.${entry.link}`,
        ).toBe(true);
        expect(entry.erasure.length, entry.table).toBeGreaterThan(5);
      }
    });

    it('exports every kind CONTRACT §11 names, and never a secret column', () => {
      const keys = inventory.flatMap((e) =>
        e.holds === 'member' && e.export ? [e.export.key] : [],
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          'profile',
          'ideas',
          'comments',
          'interest',
          'follows',
          'notifications',
          'sessions',
          'audit',
        ]),
      );
      expect(new Set(keys).size).toBe(keys.length);
    });
  });
});
