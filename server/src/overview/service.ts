import { interestKinds, type OverviewAnswer } from '@kindling/contract';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { follows, ideas } from '../db/schema-ideas.ts';
import { users } from '../db/schema-people.ts';
import { roles } from '../db/schema-reference.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { roleOfUser } from '../db/user-joins.ts';
import { interestFigures } from '../interest/repository.ts';
import { standing } from '../members/repository.ts';

const MONTHS = 12;

/** The first instants (UTC) of the last twelve months, the current one last. */
function lastMonths(now: Date): Date[] {
  return Array.from(
    { length: MONTHS },
    (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1) + i, 1)),
  );
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

async function membersByStatus(db: Executor, tenantId: number) {
  const counted = (name: Parameters<typeof standing>[0]) =>
    sql<number>`count(*) filter (where ${standing(name)})`.mapWith(Number);
  const [row] = await db
    .select({
      pending: counted('pending'),
      invited: counted('invited'),
      active: counted('active'),
      declined: counted('declined'),
      disabled: counted('disabled'),
    })
    .from(users)
    .where(eq(users.tenantId, tenantId));
  return row ?? { pending: 0, invited: 0, active: 0, declined: 0, disabled: 0 };
}

/** Every role of the tenant with how many active members hold it, roles without any included. */
function activeByRole(db: Executor, tenantId: number) {
  return db
    .select({ role_id: roles.id, role_name: roles.name, count: count(users.id) })
    .from(roles)
    .leftJoin(users, and(roleOfUser, standing('active')))
    .where(eq(roles.tenantId, tenantId))
    .groupBy(roles.id, roles.name)
    .orderBy(asc(roles.id));
}

async function perMonth(
  db: Executor,
  table: typeof ideas | typeof follows,
  tenantId: number,
  months: Date[],
) {
  const month = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, n: count() })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), gte(table.createdAt, months[0] as Date)))
    .groupBy(month);
  const byMonth = new Map(rows.map((row) => [row.month, row.n]));
  return months.map((m) => ({ month: monthKey(m), count: byMonth.get(monthKey(m)) ?? 0 }));
}

/** Interest requests of every kind by status, kinds without any included, and the median wait. */
async function interest(db: Executor, tenantId: number) {
  const { counts, medianSeconds } = await interestFigures(db, tenantId);
  const byKind = interestKinds.map((kind) => {
    const n = (status: string) =>
      counts.find((row) => row.kind === kind && row.status === status)?.n ?? 0;
    return {
      kind,
      open: n('open'),
      responded: n('responded'),
      declined: n('declined'),
      closed: n('closed'),
    };
  });
  return { interest_by_kind: byKind, interest_median_first_answer_seconds: medianSeconds };
}

/**
 * The console's landing figures: members by standing and role, ideas and follows by month, and
 * interest requests by kind and status with the median time to a first answer.
 */
export function overview(deps: Deps, tenantId: number): Promise<OverviewAnswer> {
  const months = lastMonths(deps.now());
  return inTenant(deps.database.db, tenantId, async (tx) => ({
    members_by_status: await membersByStatus(tx, tenantId),
    members_by_role: await activeByRole(tx, tenantId),
    ideas_by_month: await perMonth(tx, ideas, tenantId, months),
    follows_by_month: await perMonth(tx, follows, tenantId, months),
    ...(await interest(tx, tenantId)),
  }));
}
