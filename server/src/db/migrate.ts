import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.ts';
import type { Database } from './client.ts';
import { applyRowLevelSecurity } from './security.ts';

/** Any constant; several processes starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK = 4_242_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await applyRowLevelSecurity(database.db);
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrateNodePg(tx as unknown as NodePgDatabase, { migrationsFolder });
    await applyRowLevelSecurity(tx as unknown as typeof database.db);
  });
}
