import { status } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import { sameTenant } from '../db/schema-tenants.ts';

/** The members' display names, by id (a notification's text names its actor). */
export async function memberName(db: Executor, tenantId: number, userId: number) {
  const [row] = await queryRows(
    db,
    sql`select first_name || ' ' || last_name as name from users
        where tenant_id = ${tenantId} and id = ${userId}`,
    z.strictObject({ name: z.string() }),
  );
  return row?.name ?? 'A former member';
}

const audienceRow = z.strictObject({
  title: z.string(),
  principal_investigator_id: z.number(),
  case_manager_id: z.number().nullable(),
  follower_ids: z.array(z.number()),
});

/**
 * Who hears of what happens to an idea (CONTRACT §9): its principal investigator and case manager,
 * and its followers; with the title its notifications name. Undefined when the idea is gone.
 */
export async function ideaAudience(db: Executor, tenantId: number, ideaId: number) {
  const [row] = await queryRows(
    db,
    sql`select i.title, i.principal_investigator_id, i.case_manager_id,
          array(select f.user_id from follows f
                where ${sameTenant('f.idea_id', 'i.id')} order by f.user_id)
            as follower_ids
        from ideas i
        where i.tenant_id = ${tenantId} and i.id = ${ideaId}`,
    audienceRow,
  );
  if (!row) return undefined;
  const owners = [row.principal_investigator_id];
  if (row.case_manager_id !== null) owners.push(row.case_manager_id);
  return { title: row.title, owners, followers: row.follower_ids };
}

/** The tenant's administrators who can act: approved, active and enabled (as their mail goes to). */
export async function administratorIds(db: Executor, tenantId: number): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`select id from users
        where tenant_id = ${tenantId} and 'admin' = any(permissions)
          and admin_status_id = ${status.approved} and user_status_id = ${status.approved}
          and not is_disabled
        order by id`,
    idRow,
  );
  return rows.map((row) => row.id);
}
