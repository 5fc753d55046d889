/**
 * What a statement's plan reads, as the app would run it: prepared, in a transaction bound to the
 * tenant as the application role, planned generic or custom as the request's transaction chose
 * (`Plans`, db/tenant-scope.ts). Shared by the plan tests and `npm run bench` (bench/plans.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { type Db, queryRows } from '../src/db/client.ts';
import { bindTenant, type Plans } from '../src/db/tenant-scope.ts';
import { recordStatements } from '../src/ideas/test-fixtures.ts';
import type { TestApp } from './app.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface PlanReading {
  plans: Plans;
  /** Rows read by the plan's widest table or index scan, over all its loops. */
  rowsRead: number;
  /** That scan, named. */
  widest: string;
  /** Every table or index scan, named, with the rows it read. */
  scans: { name: string; rows: number }[];
  /** Rows read by all its scans together. */
  totalRows: number;
  sharedHit: number;
  sharedRead: number;
  ms: number;
  jit: boolean;
}

/** A bitmap's heap rows are its index's, so the heap scan is left out. */
const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** Rows read by each table or index scan: the rows it returned and those it filtered out. */
function scansOf(plan: PlanNode): { name: string; rows: number }[] {
  const scans: { name: string; rows: number }[] = [];
  const walk = (node: PlanNode) => {
    if (SCANS.has(node['Node Type'])) {
      const perLoop =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      scans.push({
        name: `${node['Node Type']} on ${node['Index Name'] ?? node['Relation Name']}`,
        rows: Math.round(perLoop * (node['Actual Loops'] ?? 1)),
      });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return scans;
}

/** A value as SQL literal text, as node-postgres would send it as a parameter. */
function literal(value: unknown): string {
  const text = (v: unknown): string =>
    Array.isArray(v)
      ? `{${v.map((item) => (typeof item === 'string' ? JSON.stringify(item) : text(item))).join(',')}}`
      : v instanceof Date
        ? v.toISOString()
        : String(v);
  return value === null || value === undefined
    ? 'null'
    : pg.Client.prototype.escapeLiteral(text(value));
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of one statement prepared and run as the app runs it. */
export async function explainAsApp(
  db: Db,
  tenantId: number,
  statement: { text: string; values: readonly unknown[] },
  plans: Plans,
): Promise<PlanReading> {
  const args = statement.values.length ? `(${statement.values.map(literal).join(', ')})` : '';
  const [result] = await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId, plans);
    await tx.execute(sql.raw(`prepare plan_probe as ${statement.text}`));
    try {
      return await queryRows(
        tx,
        sql.raw(`explain (analyze, buffers, format json) execute plan_probe${args}`),
        z.strictObject({ 'QUERY PLAN': z.array(z.unknown()) }),
      );
    } finally {
      await tx.execute(sql.raw('deallocate plan_probe'));
    }
  });
  const [document] = (result?.['QUERY PLAN'] ?? []) as {
    Plan: PlanNode;
    'Execution Time': number;
    JIT?: unknown;
  }[];
  if (!document) throw new Error(`no plan for ${statement.text}`);
  const scans = scansOf(document.Plan);
  const widest = [...scans].sort((a, b) => b.rows - a.rows)[0];
  return {
    plans,
    rowsRead: widest?.rows ?? 0,
    widest: widest ? `${widest.name} (${widest.rows})` : '-',
    scans,
    totalRows: scans.reduce((sum, scan) => sum + scan.rows, 0),
    sharedHit: document.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: document.Plan['Shared Read Blocks'] ?? 0,
    ms: document['Execution Time'],
    jit: document.JIT !== undefined,
  };
}

/**
 * The plans of the statements whose text matches `pick` that a member's GET of `url` (under
 * /api/v1) runs, in order, each explained as `explainAsApp` does. The request must answer 200.
 */
export async function requestPlans(
  t: TestApp,
  member: { tenantId: number; cookie: string },
  url: string,
  pick: RegExp,
  plans: Plans,
): Promise<PlanReading[]> {
  const recorder = recordStatements(t);
  try {
    const res = await t.request(`/api/v1${url}`, { headers: { cookie: member.cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  } finally {
    recorder.stop();
  }
  const readings: PlanReading[] = [];
  for (const statement of recorder.withValues.filter((s) => pick.test(s.text))) {
    readings.push(await explainAsApp(t.db, member.tenantId, statement, plans));
  }
  return readings;
}
