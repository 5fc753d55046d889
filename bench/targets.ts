/** The targets of issues 7, 15, 16 and 18, each met or not, and their table. */
import type { Measured } from './load.ts';
import type { RoutePlans } from './plans.ts';
import type { Searched } from './routes.ts';
import { type Kind, say } from './shapes.ts';

export const targets: { target: string; met: boolean; figure: string }[] = [];
const target = (name: string, met: boolean, figure: string) =>
  targets.push({ target: name, met, figure });

/** Issue 15's targets for one database: reads and counts, the trivial routes, memory. */
const GOALS = {
  postgres: { readRps: 1_500, readP99: 75, countRps: 3_000, countP99: 30, memoryMiB: 250 },
  pglite: { readRps: 300, readP99: 200, countRps: 600, countP99: Infinity, memoryMiB: 1_024 },
} as const;
const MAX_STATEMENTS = 8;

export function planTargets(kind: Kind, plans: RoutePlans[]) {
  for (const route of plans) {
    const widest = [...route.plans].sort((a, b) => b.rowsRead - a.rowsRead)[0];
    target(
      `${kind} ${route.route}: plans read ≤ a page's rows (or what a filtered count counts), no JIT`,
      route.met,
      `most ${widest?.rowsRead ?? 0} rows of ${route.budget}${widest?.jit ? ', JIT' : ''} (${widest?.widest ?? '-'})`,
    );
  }
  const most = [...plans].sort((a, b) => b.statements - a.statements)[0];
  target(
    `${kind}: ≤ ${MAX_STATEMENTS} statements per request, measured`,
    (most?.statements ?? Infinity) <= MAX_STATEMENTS,
    `most ${most?.statements} (${most?.route}); ${plans.map((p) => p.statements).join(', ')}`,
  );
}

export function loadTargets(
  kind: Kind,
  measured: Measured[],
  ceiling: Measured,
  feed: { alone: Measured; beside: Measured },
) {
  const goal = GOALS[kind];
  const share = (m: Measured | undefined) => (m ? m.rps / ceiling.rps : 0);
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  for (const m of measured) {
    if (/^(trivial|tenant|sign-in)|half rate/.test(m.route)) continue;
    const count = m.route.endsWith('count');
    const rps = count ? goal.countRps : goal.readRps;
    const p99 = count ? goal.countP99 : goal.readP99;
    const failed = m.non2xx + m.errors;
    target(
      `${kind} ${m.route}: ≥ ${rps} req/s${Number.isFinite(p99) ? `, p99 ≤ ${p99} ms` : ''}`,
      m.rps >= rps && m.p99 <= p99 && failed === 0,
      `${m.rps} req/s, p99 ${m.p99} ms${failed ? `, ${failed} failed` : ''}`,
    );
  }
  if (kind === 'postgres') {
    const trivial = measured.find((m) => m.route.startsWith('trivial'));
    target('GET /healthz ≥ 60% of the raw ceiling', share(trivial) >= 0.6, percent(share(trivial)));
    const tenant = measured.find((m) => m.route === 'tenant');
    target('GET /tenant ≥ 10% of the raw ceiling', share(tenant) >= 0.1, percent(share(tenant)));
    const signIns = measured.find((m) => m.route.startsWith('sign-in'));
    target(
      'sign-in at 20/s: p99 < 500 ms (issue 7)',
      (signIns?.p99 ?? Infinity) < 500,
      `p99 ${signIns?.p99} ms`,
    );
    const rise = feed.beside.p99 / feed.alone.p99 - 1;
    target(
      'feed p99 rises ≤ 10% beside sign-ins (issue 7)',
      rise <= 0.1,
      `${feed.alone.p99} → ${feed.beside.p99} ms (${Math.round(rise * 100)}%)`,
    );
  }
  const peak = Math.max(...measured.map((m) => m.rssMiB));
  target(
    `${kind}: server memory under load ≤ ${goal.memoryMiB} MB`,
    peak <= goal.memoryMiB,
    `${peak} MiB`,
  );
}

/**
 * Issue 16's search targets: on PostgreSQL p99 ≤ 100 ms for a common word and ≤ 30 ms for a rare
 * one, on the embedded database p99 ≤ 300 ms; the quick results p50 ≤ 50 ms on both.
 */
export function searchTargets(kind: Kind, searched: Searched[]) {
  for (const m of searched) {
    const p99 = kind === 'pglite' ? 300 : m.word === 'rare' ? 30 : 100;
    const p50 = m.word === 'quick' ? 50 : Infinity;
    const failed = m.non2xx + m.errors;
    target(
      `${kind} ${m.route} at ${m.connections} connections: p99 ≤ ${p99} ms${Number.isFinite(p50) ? `, p50 ≤ ${p50} ms` : ''}`,
      m.p99 <= p99 && m.p50 <= p50 && failed === 0,
      `p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s${failed ? `, ${failed} failed` : ''}`,
    );
  }
}

/**
 * Issue 18's targets: on PostgreSQL at 50 connections, the unread count and the first page of a
 * member's 10,000 notifications p99 ≤ 50 ms; on both databases, an idea's first and last page of
 * 1,000 comments as fast as its one page of 10: p99 within 20% (or 5 ms, the noise of a run).
 */
export function discussionTargets(kind: Kind, discussed: Measured[]) {
  const failed = (m: Measured) => m.non2xx + m.errors;
  const figure = (m: Measured) =>
    `p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s${failed(m) ? `, ${failed(m)} failed` : ''}`;
  if (kind === 'postgres') {
    for (const m of discussed.filter((d) => d.route.startsWith('notifications'))) {
      target(
        `postgres ${m.route} of 10,000 at ${m.connections} connections: p99 ≤ 50 ms (issue 18)`,
        m.p99 <= 50 && failed(m) === 0,
        figure(m),
      );
    }
  }
  const few = discussed.find((d) => d.route === 'comments of 10, first page');
  for (const m of discussed.filter((d) => d.route.startsWith('comments of 1,000'))) {
    const bound = few ? Math.max(few.p99 * 1.2, few.p99 + 5) : 0;
    target(
      `${kind} ${m.route}: p99 as an idea with 10 comments (≤ ${Math.round(bound)} ms, issue 18)`,
      few !== undefined && m.p99 <= bound && failed(m) === 0,
      `${figure(m)}; with 10: p99 ${few?.p99} ms`,
    );
  }
}

/** The targets in a table, then how many were met and where the results were written. */
export function printTargets(written: string) {
  say('');
  console.table(
    targets.map((t) => ({ target: t.target, met: t.met ? 'yes' : 'NO', figure: t.figure })),
  );
  say(
    `${targets.filter((t) => t.met).length} of ${targets.length} targets met; written to ${written}`,
  );
}
