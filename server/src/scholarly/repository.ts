import type { ImportSection } from '@kindling/contract';
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema-people.ts';
import { doiWorks, importCandidates } from '../db/schema-scholarly.ts';
import type { SectionEntry } from './entries.ts';

/** The user row's field holding each section (SPEC §3 names experience `most_recent_experience`). */
const sectionFields = {
  publications: 'publications',
  most_recent_experience: 'experience',
  education: 'education',
  grants: 'grants',
} as const;

export interface NewCandidate {
  section: ImportSection;
  source: 'orcid' | 'doi' | 'file';
  entry: SectionEntry;
  matchKey: string;
}

export async function findOrcid(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({ orcid: users.orcid })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

/**
 * The member's sections an import compares with, read under a lock on their row when `lock` is
 * set: two accepts at once then append one after the other, neither losing the other's entry.
 */
export async function findSections(db: Executor, tenantId: number, userId: number, lock = false) {
  const query = db
    .select({
      publications: users.publications,
      most_recent_experience: users.experience,
      education: users.education,
      grants: users.grants,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type SavedSections = NonNullable<Awaited<ReturnType<typeof findSections>>>;

export async function saveSection(
  db: Executor,
  tenantId: number,
  userId: number,
  section: ImportSection,
  entries: unknown[],
) {
  await db
    .update(users)
    .set({ [sectionFields[section]]: entries, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/**
 * Adds the candidates, or refreshes the entry of one already waiting with the same match key, so
 * importing a source twice leaves one candidate per entry. Answers the rows in the order given.
 */
export async function upsertCandidates(
  db: Executor,
  tenantId: number,
  userId: number,
  candidates: NewCandidate[],
) {
  if (candidates.length === 0) return [];
  return db
    .insert(importCandidates)
    .values(candidates.map((c) => ({ tenantId, userId, ...c })))
    .onConflictDoUpdate({
      target: [
        importCandidates.tenantId,
        importCandidates.userId,
        importCandidates.section,
        importCandidates.matchKey,
      ],
      set: { entry: sql`excluded.entry`, source: sql`excluded.source` },
    })
    .returning({
      id: importCandidates.id,
      section: importCandidates.section,
      entry: importCandidates.entry,
    });
}

export function listCandidates(db: Executor, tenantId: number, userId: number) {
  return db
    .select({
      id: importCandidates.id,
      section: importCandidates.section,
      entry: importCandidates.entry,
    })
    .from(importCandidates)
    .where(and(eq(importCandidates.tenantId, tenantId), eq(importCandidates.userId, userId)))
    .orderBy(asc(importCandidates.id));
}
export type CandidateRow = Awaited<ReturnType<typeof listCandidates>>[number];

/** Deletes the member's candidate and answers it; undefined when it is not theirs or is gone. */
export async function takeCandidate(
  db: Executor,
  tenantId: number,
  userId: number,
  candidateId: number,
) {
  const [row] = await db
    .delete(importCandidates)
    .where(
      and(
        eq(importCandidates.tenantId, tenantId),
        eq(importCandidates.userId, userId),
        eq(importCandidates.id, candidateId),
      ),
    )
    .returning({ section: importCandidates.section, entry: importCandidates.entry });
  return row;
}

/**
 * What Crossref already answered for these DOIs in this tenant: the work it resolved (kept for
 * good), or null where it did not know the DOI at or after `unknownSince` (a DOI registered later
 * is asked again once that answer is older).
 */
export async function cachedWorks(
  db: Executor,
  tenantId: number,
  dois: string[],
  unknownSince: Date,
) {
  if (dois.length === 0) return new Map<string, SectionEntry | null>();
  const rows = await db
    .select({ doi: doiWorks.doi, work: doiWorks.work })
    .from(doiWorks)
    .where(
      and(
        eq(doiWorks.tenantId, tenantId),
        inArray(doiWorks.doi, dois),
        or(isNotNull(doiWorks.work), gte(doiWorks.resolvedAt, unknownSince)),
      ),
    );
  return new Map(rows.map((row) => [row.doi, (row.work ?? null) as SectionEntry | null]));
}

/**
 * Keeps what Crossref answered (a work, or null for a DOI it does not know) and the counts
 * OpenAlex gave, each with when it was learnt. A work once known is never forgotten for a later
 * "not found".
 */
export async function storeWorks(
  db: Executor,
  tenantId: number,
  works: Map<string, SectionEntry | null>,
  counts: Map<string, number>,
  now: Date,
) {
  const dois = [...new Set([...works.keys(), ...counts.keys()])];
  if (dois.length === 0) return;
  await db
    .insert(doiWorks)
    .values(
      dois.map((doi) => ({
        tenantId,
        doi,
        work: works.get(doi) ?? null,
        resolvedAt: works.has(doi) ? now : null,
        citedByCount: counts.get(doi) ?? null,
        countedAt: counts.has(doi) ? now : null,
      })),
    )
    .onConflictDoUpdate({
      target: [doiWorks.tenantId, doiWorks.doi],
      set: {
        work: sql`coalesce(excluded.work, ${doiWorks.work})`,
        resolvedAt: sql`coalesce(excluded.resolved_at, ${doiWorks.resolvedAt})`,
        citedByCount: sql`coalesce(excluded.cited_by_count, ${doiWorks.citedByCount})`,
        countedAt: sql`coalesce(excluded.counted_at, ${doiWorks.countedAt})`,
      },
    });
}
