import { setTimeout as pause } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../context.ts';
import { minutesPeriod } from '../scheduler/periods.ts';
import type { DeploymentJob } from '../scheduler/scheduler.ts';
import { type Executor, queryRows } from './client.ts';

/**
 * How long a pass goes on starting statements. Each statement stalls the whole process while it
 * runs (PGlite executes in Node's thread): half a second to a second and a half for the ideas or
 * postings of a tenant of 200,000 ideas on a loaded 2-core machine (decision 0058), so a pass
 * that has used this much leaves the rest to the next one.
 */
const PASS_BUDGET_MS = 2_000;
/** Between two statements: requests that came meanwhile take the database before the next. */
const PAUSE_MS = 50;

/** A table past one of autovacuum's thresholds, and what it needs. */
const dueShape = z.strictObject({ name: z.string(), analyze: z.boolean(), vacuum: z.boolean() });
export type DueTable = z.output<typeof dueShape>;

/**
 * The tables of the public schema past autovacuum's default thresholds, the furthest past first:
 * ANALYZE once 50 + 10 % of the rows changed, VACUUM once 50 + 20 % are dead or 1,000 + 20 % were
 * inserted, by the counts of `pg_stat_user_tables`. PGlite keeps those counts but forgets them
 * when the database is opened again, so with `sizes` (a process's first pass) growth is also read
 * from the table's pages against those its statistics were taken at, and pages not all-visible
 * stand for inserts not vacuumed: a page's rows at a time, too coarse for every pass, where one
 * new page of a small table would count as a tenth of it changed. A table never analysed that
 * holds anything is analysed.
 */
export async function dueTables(db: Executor, sizes: boolean): Promise<DueTable[]> {
  return queryRows(
    db,
    sql`with sized as (
          select s.relname::text as name, c.reltuples < 0 as never_analysed,
            greatest(c.reltuples, 0)::float8 as tuples,
            case when ${sizes}::boolean and c.relpages > 0
              then greatest(c.reltuples, 0) / c.relpages else 0 end::float8 as per_page,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages,
            c.relpages, c.relallvisible, s.n_mod_since_analyze, s.n_dead_tup, s.n_ins_since_vacuum
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.schemaname = 'public'
        ), past as (
          select name, never_analysed and pages > 0 as never_analysed,
            greatest(n_mod_since_analyze, (pages - relpages) * per_page) / (50 + 0.1 * tuples)
              as analyze_ratio,
            greatest(
              n_dead_tup / (50 + 0.2 * tuples),
              greatest(n_ins_since_vacuum, (pages - relallvisible) * per_page) / (1000 + 0.2 * tuples)
            ) as vacuum_ratio
          from sized
        )
        select name, never_analysed or analyze_ratio > 1 as analyze, vacuum_ratio > 1 as vacuum
        from past
        where never_analysed or analyze_ratio > 1 or vacuum_ratio > 1
        order by greatest(analyze_ratio, vacuum_ratio) desc, name`,
    dueShape,
  );
}

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (decision 0058):
 * every five minutes the tables past its thresholds are analysed, so the planner sees how they
 * grew (decision 0055: an unanalysed `search_postings` read a tenant's every posting), and
 * vacuumed, so dead rows go and index-only scans find pages all-visible. The tables are chosen in
 * the period's claim and worked on after its commit (VACUUM cannot run in a transaction), one
 * statement at a time, yielding to waiting requests in between, until the pass's budget is spent;
 * what is left is still past its threshold at the next pass.
 * Registered on the embedded database only: PostgreSQL's own autovacuum does this there.
 */
export class TableMaintenance implements DeploymentJob {
  readonly name = 'embedded-table-maintenance';
  readonly period = (now: Date) => minutesPeriod(now, 5);

  constructor(
    private readonly deps: Pick<Deps, 'database' | 'logger'>,
    private readonly budgetMs = PASS_BUDGET_MS,
  ) {}

  /** Whether this process has looked once: the counts lost at its start are then made up for. */
  private sizesRead = false;

  async run(tx: Executor) {
    const due = await dueTables(tx, !this.sizesRead);
    this.sizesRead = true;
    return due.length > 0 ? () => this.work(due) : undefined;
  }

  private async work(due: DueTable[]): Promise<void> {
    // VACUUM and ANALYZE of one table apart, so that requests waiting get in between the two.
    const steps = due.flatMap(({ name, vacuum, analyze }) => [
      ...(vacuum ? [{ what: 'vacuum', name }] : []),
      ...(analyze ? [{ what: 'analyze', name }] : []),
    ]);
    const started = performance.now();
    const done: string[] = [];
    for (const { what, name } of steps) {
      if (done.length > 0) {
        if (performance.now() - started >= this.budgetMs) break;
        await pause(PAUSE_MS);
      }
      const at = performance.now();
      await this.deps.database.db.execute(sql`${sql.raw(what)} ${sql.identifier(name)}`);
      // Each statement's time is how long the process stood still for it.
      done.push(`${what} ${name}: ${Math.round(performance.now() - at)} ms`);
    }
    this.deps.logger.info(
      { done, left: steps.length - done.length, ms: Math.round(performance.now() - started) },
      'embedded database maintained',
    );
  }
}
