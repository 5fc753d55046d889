import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { AUTHOR_PERMISSIONS, postIdea, setCaseManager } from '../ideas/test-fixtures.ts';
import { noticesOf } from './test-fixtures.ts';

/**
 * Who is notified of what (CONTRACT §9): each change writes its notifications in its own
 * transaction, to the members the contract names and nobody else: never the actor, never another
 * tenant's members.
 */
describe('notifications written by the changes that cause them (CONTRACT §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A tenant with an idea, its owners, a follower, a partner and a bystander; and a second tenant. */
  async function world() {
    const tenant = await freshTenant(t);
    const pi = await tenant.member({
      permissions: AUTHOR_PERMISSIONS,
      firstName: 'Pia',
      lastName: 'Lead',
    });
    const manager = await tenant.member({ firstName: 'Carl', lastName: 'Manager' });
    const follower = await tenant.member({ firstName: 'Fay', lastName: 'Follower' });
    const partner = await tenant.member({ firstName: 'Paula', lastName: 'Partner', roleId: 4 });
    const bystander = await tenant.member();
    const ideaId = await postIdea(t, pi.client.cookie, { title: 'Solar roofs' });
    await setCaseManager(t, tenant.tenantId, ideaId, manager.id);
    expect((await follower.client.call('POST', `/ideas/${ideaId}/follow`)).status).toBe(200);
    const other = await freshTenant(t, 'Other University');
    const notices = (who: { id: number } | number, tenantId = tenant.tenantId) =>
      noticesOf(t, tenantId, typeof who === 'number' ? who : who.id);
    return { ...tenant, pi, manager, follower, partner, bystander, ideaId, other, notices };
  }
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });

  it('tells the principal investigator, case manager and followers of a comment, not its author', async () => {
    const before = await w.notices(w.follower);
    const res = await w.partner.client.call('POST', `/ideas/${w.ideaId}/comments`, { body: 'Hi' });
    expect(res.status).toBe(201);
    const expected = {
      kind: 'comment',
      actorId: w.partner.id,
      ideaId: w.ideaId,
      text: 'Paula Partner commented on “Solar roofs”',
      link: `/ideas/${w.ideaId}#comments`,
    };
    for (const who of [w.pi, w.manager, w.follower]) {
      expect((await w.notices(who)).filter((n) => n.kind === 'comment')).toEqual([expected]);
    }
    expect(await w.notices(w.partner)).toEqual([]);
    expect(await w.notices(w.bystander)).toEqual([]);
    expect(await w.notices(w.other.adminUserId, w.other.tenantId)).toEqual([]);

    // A follower's own comment reaches the owners but not themself.
    await w.follower.client.call('POST', `/ideas/${w.ideaId}/comments`, { body: 'Me too' });
    expect((await w.notices(w.follower)).length).toBe(before.length + 1);
    expect((await w.notices(w.pi)).at(-1)?.text).toBe('Fay Follower commented on “Solar roofs”');
  });

  it('tells the owners and administrators of an interest request, and the requester of its answer', async () => {
    const ask = await w.partner.client.call('POST', `/ideas/${w.ideaId}/interest`, {
      kind: 'sponsored_research',
      message: 'We would fund a study.',
    });
    expect(ask.status).toBe(201);
    const { id } = await ask.json();
    const interest = {
      kind: 'interest',
      actorId: w.partner.id,
      ideaId: w.ideaId,
      text: 'Paula Partner expressed interest in “Solar roofs”: sponsored research',
      link: `/ideas/${w.ideaId}#interest`,
    };
    for (const who of [w.pi.id, w.manager.id, w.adminUserId]) {
      expect((await w.notices(who)).filter((n) => n.kind === 'interest')).toEqual([interest]);
    }
    for (const who of [w.follower.id, w.bystander.id, w.partner.id]) {
      expect((await w.notices(who)).some((n) => n.kind === 'interest')).toBe(false);
    }
    expect(await w.notices(w.other.adminUserId, w.other.tenantId)).toEqual([]);

    const answer = await w.manager.client.call('PUT', `/interest/${id}`, {
      status: 'responded',
      reason: '',
    });
    expect(answer.status).toBe(200);
    expect((await w.notices(w.partner)).filter((n) => n.kind === 'interest_update')).toEqual([
      {
        kind: 'interest_update',
        actorId: w.manager.id,
        ideaId: w.ideaId,
        text: 'Carl Manager marked your sponsored research request on “Solar roofs” responded',
        link: '/my-interest',
      },
    ]);
    for (const who of [w.pi.id, w.manager.id, w.adminUserId, w.follower.id]) {
      expect((await w.notices(who)).some((n) => n.kind === 'interest_update')).toBe(false);
    }
  });

  it('tells the followers of an edit under the saved title, not its editor', async () => {
    const res = await t.request(
      `/api/v1/ideas/${w.ideaId}`,
      jsonInit('PUT', { title: 'Solar roofs 2', introduction: 'Now cheaper' }, w.pi.client.cookie),
    );
    expect(res.status).toBe(200);
    expect((await w.notices(w.follower)).filter((n) => n.kind === 'idea_updated')).toEqual([
      {
        kind: 'idea_updated',
        actorId: w.pi.id,
        ideaId: w.ideaId,
        text: 'Pia Lead updated “Solar roofs 2”',
        link: `/ideas/${w.ideaId}`,
      },
    ]);
    for (const who of [w.pi.id, w.manager.id, w.partner.id, w.adminUserId]) {
      expect((await w.notices(who)).some((n) => n.kind === 'idea_updated')).toBe(false);
    }
  });

  it("tells the tenant's administrators of an invitation request and of a member's invitation", async () => {
    const secondAdmin = await w.member({ permissions: ['admin'] });
    const requested = await t.request(
      `/api/v1/request-invitation?tenant_id=${w.tenantId}`,
      jsonInit('POST', {
        first_name: 'Marie',
        last_name: 'Curie',
        email: `marie@${w.domain}`,
        role_id: 2,
        google_scholar_url: null,
        linkedin_url: 'https://www.linkedin.com/in/marie-curie',
        tenant_id: w.tenantId,
      }),
    );
    expect(requested.status).toBe(201);
    const { id: marieId } = await requested.json();
    const inviter = await w.member({
      permissions: ['invite_user'],
      firstName: 'Ines',
      lastName: 'Viter',
    });
    const invited = await inviter.client.call('POST', '/invite-user', {
      first_name: 'Pierre',
      last_name: 'Curie',
      email: `pierre@${w.domain}`,
      role_id: 2,
      google_scholar_url: null,
      linkedin_url: 'https://www.linkedin.com/in/curie',
    });
    expect(invited.status).toBe(201);
    const pending = (n: { kind: string }) => n.kind === 'member_pending';
    for (const admin of [w.adminUserId, secondAdmin.id]) {
      expect((await w.notices(admin)).filter(pending)).toEqual([
        {
          kind: 'member_pending',
          actorId: marieId,
          ideaId: null,
          text: 'Marie Curie asked to join as Faculty',
          link: '/admin/requests',
        },
        {
          kind: 'member_pending',
          actorId: inviter.id,
          ideaId: null,
          text: 'Ines Viter invited Pierre Curie, who awaits approval',
          link: '/admin/requests',
        },
      ]);
    }
    expect((await w.notices(inviter)).some(pending)).toBe(false);
    expect(await w.notices(w.other.adminUserId, w.other.tenantId)).toEqual([]);

    // An administrator's own invitation needs nobody's approval.
    const count = (await w.notices(secondAdmin)).length;
    const byAdmin = await w.admin.call('POST', '/invite-user', {
      first_name: 'Irene',
      last_name: 'Curie',
      email: `irene@${w.domain}`,
      role_id: 2,
      google_scholar_url: null,
      linkedin_url: 'https://www.linkedin.com/in/curie',
    });
    expect(byAdmin.status).toBe(201);
    expect((await w.notices(secondAdmin)).length).toBe(count);
  });
});
