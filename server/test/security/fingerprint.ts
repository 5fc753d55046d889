import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

let query: Promise<string> | undefined;

/** One statement hashing every row of every table, built once from the catalogue. */
function fingerprintQuery(db: Db): Promise<string> {
  query ??= (async () => {
    const result = (await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${name}" t`,
      )
      .join(' union all ');
  })();
  return query;
}

/**
 * The whole database in one comparable value: row counts and a hash of each table's rows, as the
 * owner sees them (every tenant). Small fixtures keep it a few milliseconds.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const result = (await db.execute(sql.raw(await fingerprintQuery(db)))) as unknown as {
    rows: { name: string; count: number; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, `${r.count}:${r.hash}`]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
