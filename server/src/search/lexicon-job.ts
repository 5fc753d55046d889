import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { dailyPeriod } from '../scheduler/periods.ts';
import type { TenantJob } from '../scheduler/scheduler.ts';

/** The hour of the tenant's night the count runs at, after the citation refresh's. */
const COUNT_HOUR = 4;

/** Each kind of the lexicon (search_lexemes.kind) and the documents it is counted from. */
const KINDS = [
  { kind: 1, documents: 'ideas' },
  { kind: 2, documents: 'users' },
] as const;

/**
 * Counts, for one kind, how many documents hold each lexeme, and drops the lexemes none holds any
 * more: the triggers only ever add to the lexicon, so without this a word deleted or edited away
 * kept offering itself to the one-typo rule. One statement, so the count, the update and the
 * deletion read one snapshot: a lexeme a writer adds meanwhile is neither counted nor dropped.
 * `ts_stat` runs its query as the caller, under row-level security, in the tenant's transaction.
 */
async function countKind(tx: Tx, tenantId: number, kind: number, documents: string) {
  const query = `select search_doc from public.${documents} where tenant_id = ${Number(tenantId)}`;
  await tx.execute(sql`with counted as materialized (
      select word collate "C" as lexeme, ndoc from ts_stat(${query})
      where word !~ '[^[:alpha:]]'),
    updated as (
      update search_lexemes l set docs = c.ndoc from counted c
      where l.tenant_id = ${tenantId} and l.kind = ${kind} and l.lexeme = c.lexeme
        and l.docs is distinct from c.ndoc)
    delete from search_lexemes l
    where l.tenant_id = ${tenantId} and l.kind = ${kind}
      and not exists (select 1 from counted c where c.lexeme = l.lexeme)`);
}

/** The tenant's lexicon counted now: every kind, in the caller's transaction. */
export async function countLexicon(tx: Tx, tenantId: number): Promise<void> {
  for (const { kind, documents } of KINDS) await countKind(tx, tenantId, kind, documents);
}

/**
 * The nightly count of the search lexicon (docs/decisions/0029's addendum), a tenant job of the
 * scheduler (docs/decisions/0034): the counts let expert finding, similar ideas and the
 * recommended feed choose an idea's or a member's rarest words, and the lexicon forgets words no
 * document holds.
 */
export function lexiconCountJob(): TenantJob {
  return {
    name: 'search-lexicon-count',
    period: (now, timeZone) => dailyPeriod(now, timeZone, COUNT_HOUR),
    async run(tx, tenant) {
      await countLexicon(tx, tenant.id);
      return undefined;
    },
  };
}
