import { discussionMessages } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { AUTHOR_PERMISSIONS, postIdea } from '../ideas/test-fixtures.ts';

describe('comments on an idea (CONTRACT §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A tenant with an idea by an author, and a reader who comments on it. */
  async function discussion() {
    const tenant = await freshTenant(t);
    const author = await tenant.member({ permissions: AUTHOR_PERMISSIONS });
    const reader = await tenant.member({ firstName: 'Rita', lastName: 'Reader' });
    const ideaId = await postIdea(t, author.client.cookie);
    const comment = async (body: string, who = reader) => {
      const res = await who.client.call('POST', `/ideas/${ideaId}/comments`, { body });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    return { ...tenant, author, reader, ideaId, comment };
  }

  it('writes a trimmed comment and lists it with its author and what the reader may do', async () => {
    const { reader, author, ideaId, comment } = await discussion();
    const id = await comment('  Line one\nhttps://example.org  ');
    const res = await reader.client.call('GET', `/ideas/${ideaId}/comments`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      comments: [
        {
          id,
          body: 'Line one\nhttps://example.org',
          created_at: expect.stringMatching(/Z$/),
          edited_at: null,
          author: {
            id: reader.id,
            first_name: 'Rita',
            last_name: 'Reader',
            profile_image_url: null,
            role_name: expect.any(String),
          },
          can_edit: true,
          can_delete: true,
          hidden: false,
          can_hide: false,
        },
      ],
      page: 1,
      total_pages: 1,
      closed: false,
      can_close: false,
    });
    const asAuthor = await (await author.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(asAuthor.comments[0]).toMatchObject({ can_edit: false, can_delete: false });
  });

  it('refuses an empty or too long body with the contract messages', async () => {
    const { reader, ideaId } = await discussion();
    for (const [body, error] of [
      ['   ', discussionMessages.commentRequired],
      [undefined, discussionMessages.commentRequired],
      ['x'.repeat(2001), discussionMessages.commentTooLong],
    ] as const) {
      const res = await reader.client.call('POST', `/ideas/${ideaId}/comments`, { body });
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field: 'body', error }]);
    }
    expect(discussionMessages.commentRequired).toBe('Please enter a comment.');
    expect(discussionMessages.commentTooLong).toBe('Comment must be at most 2000 characters.');
    const exact = await reader.client.call('POST', `/ideas/${ideaId}/comments`, {
      body: ` ${'x'.repeat(2000)} `,
    });
    expect(exact.status).toBe(201);
  });

  it('pages oldest first, and a page past the last is 404', async () => {
    const { reader, ideaId, comment } = await discussion();
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await comment(`Comment ${n}`));
    const page = async (n: number) =>
      reader.client.call('GET', `/ideas/${ideaId}/comments?page=${n}&page_size=2`);
    const bodies = [];
    for (const n of [1, 2, 3]) {
      const res = await page(n);
      const answer = await res.json();
      expect(answer.total_pages).toBe(3);
      bodies.push(...answer.comments.map((c: { body: string }) => c.body));
    }
    expect(bodies).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4', 'Comment 5']);
    expect((await page(4)).status).toBe(404);
  });

  it('counts comments on the idea card, in the feed and on the idea', async () => {
    const { reader, ideaId, comment } = await discussion();
    await comment('One');
    const second = await comment('Two');
    const idea = await (await reader.client.call('GET', `/ideas/${ideaId}`)).json();
    expect(idea.comment_count).toBe(2);
    await reader.client.call('DELETE', `/comments/${second}`);
    const feed = await (await reader.client.call('GET', '/ideas')).json();
    expect(feed.ideas.find((i: { id: number }) => i.id === ideaId).comment_count).toBe(1);
  });

  it('lets the author edit, marking it edited; others are refused with 403', async () => {
    const { reader, author, admin, ideaId, comment } = await discussion();
    const id = await comment('First thought');
    const edited = await reader.client.call('PUT', `/comments/${id}`, { body: 'Second thought' });
    expect(edited.status).toBe(200);
    const [listed] = (await (await reader.client.call('GET', `/ideas/${ideaId}/comments`)).json())
      .comments;
    expect(listed).toMatchObject({
      body: 'Second thought',
      edited_at: expect.stringMatching(/Z$/),
    });
    for (const other of [author.client, admin]) {
      const res = await other.call('PUT', `/comments/${id}`, { body: 'Not mine' });
      expect(res.status).toBe(403);
    }
    const empty = await reader.client.call('PUT', `/comments/${id}`, { body: '' });
    expect(empty.status).toBe(400);
  });

  it('lets the author delete; an administrator removes any, audited; others 403', async () => {
    const { reader, author, admin, ideaId, comment } = await discussion();
    const own = await comment('Mine');
    const theirs = await comment('Something rude');
    expect((await author.client.call('DELETE', `/comments/${theirs}`)).status).toBe(403);
    expect((await reader.client.call('DELETE', `/comments/${own}`)).status).toBe(200);
    const asAdmin = await (await admin.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(asAdmin.comments[0]).toMatchObject({ can_edit: false, can_delete: true });
    expect((await admin.call('DELETE', `/comments/${theirs}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/comments/${theirs}`)).status).toBe(404);
    const left = await (await reader.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(left).toEqual({
      comments: [],
      page: 1,
      total_pages: 0,
      closed: false,
      can_close: false,
    });
    const audit = await (await admin.call('GET', '/admin/audit?action=comment.remove')).json();
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'comment.remove',
        summary: expect.stringContaining('Rita Reader'),
      }),
    ]);
  });

  it('lets an administrator hide an abusive comment from members, audited, and show it again', async () => {
    const { reader, author, admin, ideaId, comment } = await discussion();
    const rude = await comment('Something rude');
    const hide = (who: typeof admin, hidden: unknown) =>
      who.call('PUT', `/admin/comments/${rude}/hidden`, { hidden });
    expect((await hide(author.client, true)).status).toBe(403);
    expect((await hide(admin, 'yes')).status).toBe(400);
    expect((await hide(admin, true)).status).toBe(200);
    const asReader = await (await reader.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(asReader.comments[0]).toMatchObject({ body: '', hidden: true, can_edit: false });
    const asAdmin = await (await admin.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(asAdmin.comments[0]).toMatchObject({
      body: 'Something rude',
      hidden: true,
      can_hide: true,
    });
    const edit = await reader.client.call('PUT', `/comments/${rude}`, { body: 'Sorry' });
    expect(edit.status).toBe(403);
    expect((await edit.json()).message).toBe(discussionMessages.commentHidden);
    expect((await hide(admin, false)).status).toBe(200);
    const shown = await (await reader.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(shown.comments[0]).toMatchObject({ body: 'Something rude', hidden: false });
    const audit = await (await admin.call('GET', '/admin/audit?action=comment.hide')).json();
    expect(audit.entries).toEqual([
      expect.objectContaining({ summary: expect.stringContaining('Rita Reader') }),
    ]);
  });

  it("lets the idea's principal investigator or an administrator close its comments, audited", async () => {
    const { reader, author, admin, ideaId, comment } = await discussion();
    const said = await comment('Before the filing');
    const close = (who: typeof admin, closed: boolean) =>
      who.call('PUT', `/ideas/${ideaId}/comments/closed`, { closed });
    const refused = await close(reader.client, true);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(discussionMessages.closeNotAllowed);
    const asAuthor = await (await author.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(asAuthor).toMatchObject({ closed: false, can_close: true });
    expect((await close(author.client, true)).status).toBe(200);
    const page = await (await reader.client.call('GET', `/ideas/${ideaId}/comments`)).json();
    expect(page).toMatchObject({ closed: true, can_close: false });
    expect(page.comments).toHaveLength(1);
    for (const [method, path] of [
      ['POST', `/ideas/${ideaId}/comments`],
      ['PUT', `/comments/${said}`],
    ] as const) {
      const res = await reader.client.call(method, path, { body: 'More' });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).message).toBe(discussionMessages.commentsClosed);
    }
    expect((await reader.client.call('DELETE', `/comments/${said}`)).status).toBe(200);
    expect((await close(admin, false)).status).toBe(200);
    await comment('Open again');
    const audit = await (await admin.call('GET', '/admin/audit?action=comments.close')).json();
    expect(audit.entries).toHaveLength(1);
  });

  it('refuses a member past 20 comments in 10 minutes with 429, others still comment', async () => {
    const { reader, author, ideaId, comment } = await discussion();
    for (let n = 1; n <= 20; n++) await comment(`Comment ${n}`);
    const refused = await reader.client.call('POST', `/ideas/${ideaId}/comments`, { body: 'More' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(discussionMessages.commentsTooFast);
    expect(
      (await author.client.call('POST', `/ideas/${ideaId}/comments`, { body: 'Hi' })).status,
    ).toBe(201);
  });

  it("answers 404 for an unknown idea or comment and another tenant's, 401 without a session", async () => {
    const { ideaId, comment } = await discussion();
    const id = await comment('Alpha only');
    const other = await freshTenant(t, 'Other University');
    const stranger = await other.member();
    for (const [method, path] of [
      ['GET', `/ideas/${ideaId}/comments`],
      ['POST', `/ideas/${ideaId}/comments`],
      ['PUT', `/comments/${id}`],
      ['DELETE', `/comments/${id}`],
      ['PUT', `/ideas/${ideaId}/comments/closed`],
      ['GET', '/ideas/2000000000/comments'],
      ['PUT', '/comments/2000000000'],
    ] as const) {
      const res = await stranger.client.call(
        method,
        path,
        method === 'GET' ? undefined : { body: 'x', closed: true },
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await other.admin.call('DELETE', `/comments/${id}`)).status).toBe(404);
    expect(
      (await other.admin.call('PUT', `/admin/comments/${id}/hidden`, { hidden: true })).status,
    ).toBe(404);
    expect(
      (await other.admin.call('PUT', `/ideas/${ideaId}/comments/closed`, { closed: true })).status,
    ).toBe(404);
    const res = await t.request(`/api/v1/ideas/${ideaId}/comments`);
    expect(res.status).toBe(401);
  });
});
