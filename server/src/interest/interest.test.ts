import { discussionMessages } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { AUTHOR_PERMISSIONS, postIdea, setCaseManager } from '../ideas/test-fixtures.ts';

describe('expressions of interest (CONTRACT §9)', () => {
  let t: TestApp;
  const clock = { now: new Date('2026-03-02T09:00:00Z') };
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => clock.now;
  });
  afterAll(() => t.close());

  /** A tenant with an idea, its principal investigator and case manager, and a partner. */
  async function idea() {
    const tenant = await freshTenant(t);
    const pi = await tenant.member({ permissions: AUTHOR_PERMISSIONS });
    const manager = await tenant.member();
    const partner = await tenant.member({ firstName: 'Paula', lastName: 'Partner', roleId: 4 });
    const bystander = await tenant.member();
    const ideaId = await postIdea(t, pi.client.cookie, { title: 'Solar glass' });
    await setCaseManager(t, tenant.tenantId, ideaId, manager.id);
    const ask = (
      who = partner,
      body: unknown = { kind: 'licensing', message: 'We would license this.' },
    ) => who.client.call('POST', `/ideas/${ideaId}/interest`, body);
    return { ...tenant, pi, manager, partner, bystander, ideaId, ask };
  }

  it('takes a request as open and shows it to the PI, case manager and administrators with its wait', async () => {
    const { pi, manager, admin, partner, ideaId, ask } = await idea();
    const res = await ask();
    expect(res.status).toBe(201);
    const { id, status } = await res.json();
    expect(status).toBe('open');
    // Sessions last an hour on this clock too: each test moves it by minutes.
    clock.now = new Date(clock.now.getTime() + 1_800_000);
    for (const reader of [pi.client, manager.client, admin]) {
      const listed = await reader.call('GET', `/ideas/${ideaId}/interest`);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual({
        requests: [
          {
            id,
            kind: 'licensing',
            message: 'We would license this.',
            status: 'open',
            created_at: expect.stringMatching(/^2026-03-02T09:00:00/),
            first_answered_at: null,
            waited_seconds: 1800,
            reason: null,
            requester: {
              id: partner.id,
              first_name: 'Paula',
              last_name: 'Partner',
              profile_image_url: null,
              role_name: expect.any(String),
              email: partner.email,
              headline: '',
            },
          },
        ],
      });
    }
  });

  it('refuses anyone else the list with 403, and a request on one’s own idea with 403', async () => {
    const { pi, manager, partner, bystander, ideaId, ask } = await idea();
    await ask();
    for (const who of [partner, bystander]) {
      expect((await who.client.call('GET', `/ideas/${ideaId}/interest`)).status).toBe(403);
    }
    for (const owner of [pi, manager]) {
      const res = await ask(owner);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(discussionMessages.ownIdea);
    }
  });

  it('checks the kind and the message', async () => {
    const { ask, partner } = await idea();
    const cases = [
      [{ kind: 'bribery', message: 'Hello' }, 'kind', discussionMessages.kindRequired],
      [{ kind: 'other', message: '  ' }, 'message', discussionMessages.messageRequired],
      [{ kind: 'other', message: 'x'.repeat(2001) }, 'message', discussionMessages.messageTooLong],
    ] as const;
    for (const [body, field, error] of cases) {
      const res = await ask(partner, body);
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field, error }]);
    }
  });

  it('holds one open request per member and idea, also when two arrive at once', async () => {
    const { ask, partner, bystander } = await idea();
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect((await refused.json()).message).toBe(discussionMessages.alreadyOpen);
    expect((await ask(bystander)).status).toBe(201);
    const mine = await (await partner.client.call('GET', '/me/interest')).json();
    expect(mine.requests).toHaveLength(1);
  });

  it('lets the PI answer: responded keeps it open, declined needs a reason, then a new one may be made', async () => {
    const { pi, partner, ideaId, ask, admin } = await idea();
    const { id } = await (await ask()).json();
    const answered = new Date(clock.now.getTime() + 120_000);
    clock.now = answered;
    expect((await pi.client.call('PUT', `/interest/${id}`, { status: 'responded' })).status).toBe(
      200,
    );
    expect((await ask()).status).toBe(409);
    const noReason = await pi.client.call('PUT', `/interest/${id}`, { status: 'declined' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).details).toEqual([
      { field: 'reason', error: discussionMessages.reasonRequired },
    ]);
    const bad = await pi.client.call('PUT', `/interest/${id}`, { status: 'open' });
    expect(bad.status).toBe(400);
    clock.now = new Date(answered.getTime() + 600_000);
    const declined = await pi.client.call('PUT', `/interest/${id}`, {
      status: 'declined',
      reason: 'Already licensed.',
    });
    expect(declined.status).toBe(200);
    const [mine] = (await (await partner.client.call('GET', '/me/interest')).json()).requests;
    expect(mine).toMatchObject({
      id,
      status: 'declined',
      reason: 'Already licensed.',
      idea: { id: ideaId, title: 'Solar glass' },
      first_answered_at: answered.toISOString(),
      waited_seconds: 120,
    });
    const again = await pi.client.call('PUT', `/interest/${id}`, { status: 'closed' });
    expect(again.status).toBe(409);
    expect((await ask()).status).toBe(201);
    const audit = await (await admin.call('GET', '/admin/audit?action=interest.answer')).json();
    expect(audit.entries).toHaveLength(2);
    expect(audit.entries[0].summary).toContain('Paula Partner');
  });

  it('lets the case manager and administrators answer; the requester and others get 403', async () => {
    const { manager, admin, partner, bystander, ask } = await idea();
    const { id } = await (await ask()).json();
    for (const who of [partner.client, bystander.client]) {
      expect((await who.call('PUT', `/interest/${id}`, { status: 'closed' })).status).toBe(403);
    }
    expect(
      (await manager.client.call('PUT', `/interest/${id}`, { status: 'responded' })).status,
    ).toBe(200);
    expect((await admin.call('PUT', `/interest/${id}`, { status: 'closed' })).status).toBe(200);
  });

  it('counts requests by kind and status and the median first answer on the overview', async () => {
    const { pi, admin, partner, bystander, ask } = await idea();
    const start = clock.now;
    const first = (await (await ask()).json()).id;
    const second = (await (await ask(bystander, { kind: 'mentorship', message: 'Hi' })).json()).id;
    clock.now = new Date(start.getTime() + 60_000);
    await pi.client.call('PUT', `/interest/${first}`, { status: 'responded' });
    clock.now = new Date(start.getTime() + 180_000);
    await pi.client.call('PUT', `/interest/${second}`, { status: 'declined', reason: 'No' });
    expect(partner.id).toBeGreaterThan(0);
    const overview = await (await admin.call('GET', '/admin/overview')).json();
    expect(overview.interest_by_kind).toHaveLength(6);
    expect(overview.interest_by_kind).toEqual(
      expect.arrayContaining([
        { kind: 'licensing', open: 0, responded: 1, declined: 0, closed: 0 },
        { kind: 'mentorship', open: 0, responded: 0, declined: 1, closed: 0 },
        { kind: 'investment', open: 0, responded: 0, declined: 0, closed: 0 },
      ]),
    );
    expect(overview.interest_median_first_answer_seconds).toBe(120);
  });

  it('refuses a member past 10 requests an hour with 429, refused ones counted', async () => {
    const { ask } = await idea();
    const statuses = [];
    for (let n = 0; n < 11; n++) statuses.push((await ask()).status);
    expect(statuses).toEqual([201, ...Array(9).fill(409), 429]);
  });

  it("answers 404 for another tenant's idea and request, 401 without a session", async () => {
    const { ideaId, ask } = await idea();
    const { id } = await (await ask()).json();
    const other = await freshTenant(t, 'Other University');
    const stranger = await other.member();
    for (const who of [stranger.client, other.admin]) {
      const body = { kind: 'other', message: 'Hello' };
      expect((await who.call('POST', `/ideas/${ideaId}/interest`, body)).status).toBe(404);
      expect((await who.call('GET', `/ideas/${ideaId}/interest`)).status).toBe(404);
      expect((await who.call('PUT', `/interest/${id}`, { status: 'closed' })).status).toBe(404);
      expect((await (await who.call('GET', '/me/interest')).json()).requests).toEqual([]);
    }
    expect((await t.request('/api/v1/me/interest')).status).toBe(401);
  });
});
