import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { ipStatuses, supportTypes } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  detailsOf,
  fullIdea,
  getJson,
  type Member,
  makeMember,
  postIdea,
  setCaseManager,
  supportIds,
  type WriteWorld,
  writeWorld,
} from './test-fixtures.ts';

describe('editing and deleting ideas', () => {
  let t: TestApp;
  let w: WriteWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await writeWorld(t);
  });
  afterAll(() => t.close());

  describe('PUT /ideas/{id}', () => {
    it('replaces the whole idea, links, patents and supports included', async () => {
      const id = await postIdea(t, w.author.cookie, {
        ...fullIdea,
        support_ids: [w.supports[0]],
        ip_status_id: w.ipStatusId,
      });
      const res = await w.put(id, {
        title: 'Renamed',
        introduction: 'New intro',
        urls: [{ url: 'https://example.com/new', title: 'New' }],
        patents: ['US 9,999,999'],
        support_ids: [w.supports[2]],
        ip_status_id: null,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ idea_id: id });
      const { body } = await getJson(t, `/ideas/${id}`, w.author.cookie);
      expect(body).toMatchObject({
        title: 'Renamed',
        introduction: 'New intro',
        problem: '',
        opportunity: '',
        urls: [{ url: 'https://example.com/new', title: 'New' }],
        patents: ['US 9,999,999'],
        support_ids: [w.supports[2]],
        ip_status_id: null,
        principal_investigator: { id: w.author.id },
      });
    });

    it('is atomic: a refused update leaves the idea as it was', async () => {
      const id = await postIdea(t, w.author.cookie, { ...fullIdea, support_ids: [w.supports[0]] });
      const before = (await getJson(t, `/ideas/${id}`, w.author.cookie)).body;
      const res = await w.put(id, { ...fullIdea, title: 'Changed', support_ids: [999_999] });
      expect(res.status).toBe(400);
      expect((await getJson(t, `/ideas/${id}`, w.author.cookie)).body).toEqual(before);
    });

    it('validates like POST', async () => {
      const id = await postIdea(t, w.author.cookie);
      expect(await detailsOf(await w.put(id, { title: '', introduction: 'x' }))).toEqual([
        { field: 'title', error: 'Title is required' },
      ]);
    });

    it('lets the case manager edit, and refuses other members with 403', async () => {
      const id = await postIdea(t, w.author.cookie);
      expect((await w.put(id, fullIdea, w.colleague.cookie)).status).toBe(403);
      await setCaseManager(t, w.tenantId, id, w.colleague.id);
      expect((await w.put(id, fullIdea, w.colleague.cookie)).status).toBe(200);
      const { body } = await getJson(t, `/ideas/${id}`, w.author.cookie);
      expect(body.title).toBe(fullIdea.title);
      expect(body.case_manager).toMatchObject({ id: w.colleague.id, first_name: 'Cy' });
    });

    it('needs update_idea even for the owner', async () => {
      const owner = await makeMember(t, w.tenantId, { permissions: ['create_idea'] });
      const id = await postIdea(t, owner.cookie);
      expect((await w.put(id, fullIdea, owner.cookie)).status).toBe(403);
    });

    it('answers 404 for an idea that does not exist', async () => {
      const res = await w.put(2_000_000_000, fullIdea);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('The idea might have been deleted or never created.');
    });
  });

  describe('deactivated support types and IP statuses', () => {
    let owner: Member;
    let active: number[];
    let retired: { support: number; ipStatus: number; otherIpStatus: number };

    const deactivate = (table: typeof supportTypes | typeof ipStatuses, id: number) =>
      t.db.transaction(async (tx) => {
        await bindTenant(tx, owner.tenantId);
        await tx
          .update(table)
          .set({ isActive: false })
          .where(and(eq(table.tenantId, owner.tenantId), eq(table.id, id)));
      });

    beforeAll(async () => {
      const place = await makeTenant(t.db, 'Retiring University');
      owner = await makeMember(t, place.tenantId);
      const ids = await supportIds(t, place.tenantId);
      const ip = (await getJson(t, '/ip-status', owner.cookie)).body.ip_statuses;
      retired = { support: ids[0] as number, ipStatus: ip[0].id, otherIpStatus: ip[1].id };
      active = ids.slice(1);
    });

    it('refuses one newly chosen on a post, with the field error of an unknown one', async () => {
      const id = await postIdea(t, owner.cookie, {
        support_ids: [retired.support, active[0]],
        ip_status_id: retired.ipStatus,
      });
      await deactivate(supportTypes, retired.support);
      await deactivate(ipStatuses, retired.ipStatus);
      await deactivate(ipStatuses, retired.otherIpStatus);

      expect(
        await detailsOf(
          await w.post({ ...fullIdea, support_ids: [retired.support] }, owner.cookie),
        ),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(
        await detailsOf(
          await w.post({ ...fullIdea, ip_status_id: retired.ipStatus }, owner.cookie),
        ),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);

      // The idea that had them keeps them through an edit...
      const kept = await w.put(
        id,
        { ...fullIdea, support_ids: [active[1], retired.support], ip_status_id: retired.ipStatus },
        owner.cookie,
      );
      expect(kept.status).toBe(200);
      const { body } = await getJson(t, `/ideas/${id}`, owner.cookie);
      expect(body.support_ids.sort()).toEqual([active[1], retired.support].sort());
      expect(body.ip_status_id).toBe(retired.ipStatus);

      // ...but cannot switch to another deactivated one, nor take one back once dropped.
      expect(
        await detailsOf(
          await w.put(id, { ...fullIdea, ip_status_id: retired.otherIpStatus }, owner.cookie),
        ),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);
      expect(
        (await w.put(id, { ...fullIdea, support_ids: [active[1]] }, owner.cookie)).status,
      ).toBe(200);
      expect(
        await detailsOf(
          await w.put(id, { ...fullIdea, support_ids: [retired.support] }, owner.cookie),
        ),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
    });

    it("still refuses another tenant's entries on an edit", async () => {
      const id = await postIdea(t, owner.cookie, { support_ids: [active[0]] });
      expect(
        await detailsOf(
          await w.put(id, { ...fullIdea, support_ids: [w.supports[0]] }, owner.cookie),
        ),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(
        await detailsOf(await w.put(id, { ...fullIdea, ip_status_id: w.ipStatusId }, owner.cookie)),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);
    });
  });

  describe('DELETE /ideas/{id}', () => {
    it('deletes an own idea with its follows, after which it is not found', async () => {
      const id = await postIdea(t, w.author.cookie, fullIdea);
      await t.request(`/api/v1/ideas/${id}/follow`, {
        method: 'POST',
        headers: { cookie: w.colleague.cookie },
      });
      const res = await w.remove(id);
      expect(res.status).toBe(200);
      expect((await getJson(t, `/ideas/${id}`, w.author.cookie)).status).toBe(404);
      expect((await w.remove(id)).status).toBe(404);
      const followed = await getJson(t, '/ideas?following=true', w.colleague.cookie);
      expect(followed.body.ideas.map((idea: { id: number }) => idea.id)).not.toContain(id);
    });

    it("refuses another member's idea with 403, lets its case manager delete it", async () => {
      const id = await postIdea(t, w.author.cookie);
      expect((await w.remove(id, w.colleague.cookie)).status).toBe(403);
      expect((await getJson(t, `/ideas/${id}`, w.author.cookie)).status).toBe(200);
      await setCaseManager(t, w.tenantId, id, w.colleague.id);
      expect((await w.remove(id, w.colleague.cookie)).status).toBe(200);
    });

    it('needs delete_idea even for the owner', async () => {
      const owner = await makeMember(t, w.tenantId, { permissions: ['create_idea'] });
      const id = await postIdea(t, owner.cookie);
      expect((await w.remove(id, owner.cookie)).status).toBe(403);
    });

    it('answers a malformed id with 400', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await w.remove(id as unknown as number);
        expect(res.status, id).toBe(400);
      }
    });
  });
});
