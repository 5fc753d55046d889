import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../src/db/client.ts';

interface Table {
  name: string;
  /** The column naming the tenant: `id` of tenants, `tenant_id` elsewhere, null if global. */
  tenantKey: string | null;
}

let tables: Promise<Table[]> | undefined;

function tablesOf(db: Db): Promise<Table[]> {
  tables ??= (async () => {
    const rows = await queryRows(
      db,
      sql`
      select t.table_name as name, bool_or(c.column_name = 'tenant_id') as tenanted
      from information_schema.tables t
      join information_schema.columns c using (table_schema, table_name)
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      group by t.table_name order by t.table_name`,
      z.strictObject({ name: z.string(), tenanted: z.boolean() }),
    );
    return rows.map(({ name, tenanted }) => ({
      name,
      tenantKey: name === 'tenants' ? 'id' : tenanted ? 'tenant_id' : null,
    }));
  })();
  return tables;
}

/**
 * One statement hashing every row of every table (of one tenant, if given), as the owner sees them.
 * A session's `last_seen_at` is left out: any signed-in call may move it (once a minute), as the
 * session lookup's bookkeeping rather than a change the call makes.
 */
async function fingerprintQuery(db: Db, tenantId?: number): Promise<string> {
  const parts = (await tablesOf(db)).map(({ name, tenantKey }) => {
    const where =
      tenantId === undefined || tenantKey === null
        ? ''
        : ` where t.${tenantKey} = ${Number(tenantId)}`;
    const row = name === 'sessions' ? `(to_jsonb(t) - 'last_seen_at')::text` : 't::text';
    return `select '${name}' as name, count(*)::int as count, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as hash from "${name}" t${where}`;
  });
  return parts.join(' union all ');
}

/**
 * The database in one comparable value: row counts and a hash of each table's rows, for every
 * tenant or only one. Small fixtures keep it a few milliseconds.
 */
export async function fingerprint(db: Db, tenantId?: number): Promise<Record<string, string>> {
  const text = await fingerprintQuery(db, tenantId);
  const rows = await queryRows(
    db,
    sql.raw(text),
    z.strictObject({ name: z.string(), count: z.number(), hash: z.string() }),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.count}:${r.hash}`]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
