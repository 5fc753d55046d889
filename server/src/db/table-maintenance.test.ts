import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabaseKind } from '../../test/databases.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { queryRows } from './client.ts';
import { dueTables, TableMaintenance } from './table-maintenance.ts';

const statsShape = z.strictObject({
  reltuples: z.number(),
  analyzed: z.number(),
  vacuumed: z.number(),
  dead: z.number(),
});

/**
 * The embedded database's stand-in for autovacuum (decision 0058): tables past autovacuum's
 * thresholds are analysed and vacuumed by the scheduler, those below are left alone, a pass stops
 * at its budget, and on PostgreSQL, whose own autovacuum does it, the job is not there at all.
 */
describe('embedded table maintenance (decision 0058)', () => {
  let t: TestApp;
  let clock = new Date('2026-11-27T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => clock;
  });
  afterAll(() => t.close());

  /** Moves the clock into the next five-minute period and looks once. */
  const look = (scheduler: Scheduler) => {
    clock = new Date(clock.getTime() + 5 * 60_000);
    return scheduler.tick();
  };
  const schedulerOf = (job: TableMaintenance) =>
    new Scheduler(t.deps, { tenant: [], deployment: [job] }, 60_000);

  const stats = async (table: string) => {
    const [row] = await queryRows(
      t.db,
      sql`select c.reltuples::float8 as reltuples, s.analyze_count::int as analyzed,
            s.vacuum_count::int as vacuumed, s.n_dead_tup::int as dead
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.relname = ${table}`,
      statsShape,
    );
    if (!row) throw new Error(`no statistics for ${table}`);
    return row;
  };

  /** PGlite hands its counts to the statistics at most once a second, at a statement's end. */
  const countsPublished = async () => {
    await sleep(1_100);
    await t.db.execute(sql`select 1`);
  };

  /** A table of `rows` rows, analysed and vacuumed as a seeded one is. */
  const table = async (name: string, rows: number) => {
    await t.db.execute(sql.raw(`create table ${name} (id int primary key, note text)`));
    await t.db.execute(
      sql.raw(`insert into ${name} select g, 'row ' || g from generate_series(1, ${rows}) g`),
    );
    // Its inserts counted before it is analysed, or they would count as changed since.
    await countsPublished();
    await t.db.execute(sql.raw(`vacuum (analyze) ${name}`));
  };

  it('runs on the embedded database only: PostgreSQL analyses by itself', async () => {
    await table('grown_elsewhere', 100);
    await t.db.execute(
      sql`insert into grown_elsewhere select g, 'more' from generate_series(101, 1000) g`,
    );
    await countsPublished();
    const before = await stats('grown_elsewhere');
    const runs = await look(t.scheduler);
    const embedded = testDatabaseKind === 'pglite';
    expect(runs.some((r) => r.job === 'embedded-table-maintenance')).toBe(embedded);
    expect((await stats('grown_elsewhere')).analyzed).toBe(before.analyzed + (embedded ? 1 : 0));
  });

  it.runIf(testDatabaseKind === 'pglite')(
    'analyses a table grown past the threshold and vacuums one with dead rows, and no other',
    async () => {
      const scheduler = schedulerOf(new TableMaintenance(t.deps));
      await look(scheduler); // the first pass, which reads sizes too
      await table('grown', 1_000);
      await table('churned', 1_000);
      await table('quiet', 1_000);
      // 50 + 10 % of 1,000 rows is 150 changes; 50 + 20 % is 250 dead rows.
      await t.db.execute(sql`insert into grown select g, 'new' from generate_series(1001, 1200) g`);
      await t.db.execute(sql`delete from churned where id <= 300`);
      await t.db.execute(sql`update quiet set note = 'changed' where id <= 100`);
      await countsPublished();
      const before = {
        grown: await stats('grown'),
        churned: await stats('churned'),
        quiet: await stats('quiet'),
      };
      expect(before.churned.dead).toBe(300);
      expect((await dueTables(t.db, false)).map((d) => d.name).sort()).toEqual([
        'churned',
        'grown',
      ]);

      await look(scheduler);
      const grown = await stats('grown');
      expect(grown.reltuples).toBe(1_200);
      expect(grown.analyzed).toBe(before.grown.analyzed + 1);
      const churned = await stats('churned');
      expect(churned.vacuumed).toBe(before.churned.vacuumed + 1);
      expect(churned.dead).toBe(0);
      expect(churned.reltuples).toBe(700);
      expect(await stats('quiet')).toEqual(before.quiet);
      expect(await dueTables(t.db, false)).toEqual([]);
    },
  );

  it.runIf(testDatabaseKind === 'pglite')(
    'a pass past its budget leaves the other tables to the next',
    async () => {
      const scheduler = schedulerOf(new TableMaintenance(t.deps, 0));
      await look(scheduler);
      await table('first_due', 1_000);
      await table('second_due', 1_000);
      await t.db.execute(sql`delete from first_due where id <= 600`);
      await t.db.execute(sql`delete from second_due where id <= 300`);
      await countsPublished();

      const before = await stats('first_due');
      // One statement a pass, the table furthest past its threshold first: its VACUUM, then its
      // ANALYZE, then the other table's.
      await look(scheduler);
      expect(await stats('first_due')).toMatchObject({ dead: 0, analyzed: before.analyzed });
      expect((await stats('second_due')).dead).toBe(300);
      await look(scheduler);
      expect((await stats('first_due')).analyzed).toBe(before.analyzed + 1);
      expect((await stats('second_due')).dead).toBe(300);
      await look(scheduler);
      expect((await stats('second_due')).dead).toBe(0);
    },
  );

  it.runIf(testDatabaseKind === 'pglite')(
    'at its first pass a process analyses what grew while its counts were lost',
    async () => {
      await table('restarted', 1_000);
      await t.db.execute(
        sql`insert into restarted select g, 'new' from generate_series(1001, 2000) g`,
      );
      await countsPublished();
      // What opening the database again does to the counts.
      await t.db.execute(sql`select pg_stat_reset()`);
      expect(await dueTables(t.db, false)).toEqual([]);

      await look(schedulerOf(new TableMaintenance(t.deps)));
      expect(await stats('restarted')).toMatchObject({ reltuples: 2_000, analyzed: 1 });
    },
  );
});
