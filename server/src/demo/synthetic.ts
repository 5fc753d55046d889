import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { type Db, queryRows } from '../db/client.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { countLexicon } from '../search/lexicon-job.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { insertFollows } from './synthetic-follows.ts';
import { insertIdeas } from './synthetic-ideas.ts';
import { ensurePlaces, insertPeople } from './synthetic-people.ts';

export interface SyntheticOptions {
  people: number;
  ideas: number;
  follows: number;
  seed: number;
  progress?: (line: string) => void;
  /**
   * False leaves the VACUUM ANALYZE that follows the load to the caller: it covers the whole
   * tables, every tenant's rows, so a caller seeding many tenants runs it once at the end.
   */
  vacuum?: boolean;
}

export interface SyntheticSummary {
  tenant_id: number;
  people: number;
  ideas: number;
  follows: number;
  first_person: number;
  seconds: number;
}
/**
 * PGlite runs no autovacuum (nor, on some hosts, PostgreSQL): without fresh statistics and
 * visibility maps after a bulk load the planner misjudges and index-only reads visit the heap.
 * The search postings and lexicon are loaded too, by the triggers: never analysed, a tenant's
 * whole range of postings looked like nine rows, and experts and similar ideas read all of it
 * rather than their terms' ranges (decision 0055). VACUUM cannot run inside a transaction.
 */
export async function vacuumSeededTables(db: Db, say: (line: string) => void = () => {}) {
  say('vacuum and analyze');
  await db.execute(
    sql`vacuum (analyze) users, accounts, ideas, idea_supports, idea_links, idea_patents, follows,
      search_postings, search_lexemes`,
  );
}

/**
 * CONTRACT §1 `seed`: adds N members with full profiles, M ideas and K follows to an existing tenant
 * with set-based INSERT … SELECT statements, reproducibly: `setseed` fixes random() for the
 * transaction, and rows are generated in a fixed order. All in one transaction bound to the tenant.
 */
export async function seedSynthetic(
  db: Db,
  tenantId: number,
  options: SyntheticOptions,
): Promise<SyntheticSummary> {
  const started = performance.now();
  const say = options.progress ?? (() => {});
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx.execute(sql`select setseed(${(options.seed % 1000) / 1000})`);
    // Links and patents rewrite their ideas' documents after the ideas: the postings are loaded
    // once at the end instead of replaced by each statement's triggers (migration 0027).
    await tx.execute(sql`select set_config('app.defer_postings', 'on', true)`);
    await ensurePlaces(tx, tenantId);
    const [last] = await queryRows(
      tx,
      sql`select max(substring(email from '^person([0-9]+)@')::int) as n from users where tenant_id = ${tenantId}`,
      z.strictObject({ n: z.number().nullable() }),
    );
    const first = (last?.n ?? 0) + 1;
    say(`people ${first}..${first + options.people - 1}`);
    const people = await insertPeople(tx, tenantId, first, options.people, passwordHash);
    say(`ideas ${options.ideas}`);
    const ideaRange = await insertIdeas(tx, tenantId, first, options.people, options.ideas);
    say(`follows ${options.follows}`);
    const follows = await insertFollows(
      tx,
      tenantId,
      first,
      options.people,
      ideaRange,
      options.follows,
    );
    say('search postings');
    // Ideas (kind 1) before members (kind 2): each load then appends at the key's right edge,
    // whose pages split full, where entries landing before another kind's split them in half.
    await tx.execute(
      sql`select search_postings_load(1::smallint, ${ideaRange.from}, ${ideaRange.to})`,
    );
    await tx.execute(sql`select search_postings_load(2::smallint, ${people.from}, ${people.to})`);
    // Counted now rather than at the tenant's next night: until then every word of an idea
    // would seem rare, and experts and similar ideas would score most of the tenant's documents.
    say('search lexicon');
    await countLexicon(tx, tenantId);
    return { first, follows };
  });
  if (options.vacuum !== false) await vacuumSeededTables(db, say);
  return {
    tenant_id: tenantId,
    people: options.people,
    ideas: options.ideas,
    follows: summary.follows,
    first_person: summary.first,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
