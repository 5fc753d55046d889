import { status } from '@kindling/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant, makeUser } from '../../test/factories.ts';
import { users } from '../db/schema-people.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { countPeople } from './repository.ts';

/**
 * The unfiltered directory count reads the tally the users triggers keep (drizzle/0007); a filter
 * that matches everyone counts the rows themselves. The two must agree after every kind of change.
 */
describe('the member tally', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = (tenantId: number) =>
    inTenant(t.db, tenantId, async (tx) => {
      const everyone = await tx.select({ id: users.id }).from(users);
      return {
        tally: await countPeople(tx, tenantId, {}),
        scanned: await countPeople(tx, tenantId, { user_id: everyone.map((u) => u.id) }),
      };
    });

  it('agrees with a count of the rows through inserts, approvals, disabling and deletes', async () => {
    const { tenantId } = await makeTenant(t.db);
    const other = await makeTenant(t.db);
    expect(await counts(tenantId)).toEqual({ tally: 1, scanned: 1 });

    const pending = await makeUser(t.db, tenantId, { adminStatusId: status.pending });
    const invited = await makeUser(t.db, tenantId, { userStatusId: status.pending });
    const active = await makeUser(t.db, tenantId);
    await makeUser(t.db, other.tenantId);
    expect(await counts(tenantId)).toEqual({ tally: 2, scanned: 2 });

    await inTenant(t.db, tenantId, (tx) =>
      tx
        .update(users)
        .set({ adminStatusId: status.approved, userStatusId: status.approved })
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, [pending.id, invited.id]))),
    );
    expect(await counts(tenantId)).toEqual({ tally: 4, scanned: 4 });

    await inTenant(t.db, tenantId, (tx) =>
      tx.update(users).set({ isDisabled: true }).where(eq(users.id, active.id)),
    );
    expect(await counts(tenantId)).toEqual({ tally: 3, scanned: 3 });

    // An update that leaves a member active, or inactive, moves nothing.
    await inTenant(t.db, tenantId, (tx) =>
      tx.update(users).set({ headline: 'Unchanged standing' }).where(eq(users.tenantId, tenantId)),
    );
    expect(await counts(tenantId)).toEqual({ tally: 3, scanned: 3 });

    await inTenant(t.db, tenantId, (tx) =>
      tx.delete(users).where(inArray(users.id, [pending.id, active.id])),
    );
    expect(await counts(tenantId)).toEqual({ tally: 2, scanned: 2 });
    expect(await counts(other.tenantId)).toEqual({ tally: 2, scanned: 2 });
  });
});
