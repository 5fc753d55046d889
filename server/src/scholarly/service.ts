import {
  type ImportCandidate,
  type ImportSection,
  importSections,
  MAX_IMPORT_FILE_BYTES,
  type PublicationEntry,
  scholarlyMessages,
  sectionLimitMessage,
  sectionLimits,
} from '@kindling/contract';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { authorizeOwnProfile } from '../profiles/policy.ts';
import { checkedEntry, duplicateOf, matchKey, type SectionEntry, savedEntries } from './entries.ts';
import { readReferenceFile } from './references.ts';
import {
  type CandidateRow,
  cachedWorks,
  findOrcid,
  findSections,
  listCandidates,
  type NewCandidate,
  type SavedSections,
  saveSection,
  storeWorks,
  takeCandidate,
  upsertCandidates,
} from './repository.ts';
import { crossrefWork } from './sources/crossref.ts';
import { citationCounts } from './sources/openalex.ts';
import { readOrcidRecord } from './sources/orcid.ts';

/** What POST /profiles/{id}/imports reads: a source named in JSON, or a reference file. */
export type ImportRequest =
  | { source: 'orcid' }
  | { source: 'doi'; dois: string[] }
  | { file: File };

/** Crossref asks for polite use: a handful of DOIs resolved at once, not fifty. */
const CROSSREF_AT_ONCE = 5;

interface Found {
  section: ImportSection;
  entry: SectionEntry;
}

interface Gathered {
  source: NewCandidate['source'];
  found: Found[];
  notFound: string[];
  /** What Crossref answered now for each DOI asked (null: it does not know it), to keep. */
  resolved: Map<string, SectionEntry | null>;
}

const publications = (entries: PublicationEntry[]): Found[] =>
  entries.map((entry) => ({ section: 'publications', entry }));

async function fromOrcid(deps: Deps, session: SessionContext, userId: number): Promise<Gathered> {
  const row = await inTenant(deps.database.db, session.tenantId, (tx) =>
    findOrcid(tx, session.tenantId, userId),
  );
  if (!row?.orcid) {
    throw badRequest(scholarlyMessages.orcidMissing, [
      { field: 'source', error: scholarlyMessages.orcidMissing },
    ]);
  }
  const record = await readOrcidRecord(deps.config, row.orcid);
  const empty = { source: 'orcid' as const, resolved: new Map() };
  if (!record) return { ...empty, found: [], notFound: [row.orcid] };
  return {
    ...empty,
    notFound: [],
    found: [
      ...publications(record.publications),
      ...record.experience.map((entry) => ({ section: 'most_recent_experience' as const, entry })),
      ...record.education.map((entry) => ({ section: 'education' as const, entry })),
      ...record.grants.map((entry) => ({ section: 'grants' as const, entry })),
    ],
  };
}

/**
 * How long Crossref's "not found" is believed: a DOI is often cited before it is registered, so
 * it is asked again a day later, not on every import nor never.
 */
const UNKNOWN_DOI_MS = 24 * 60 * 60_000;

/** Each DOI from the tenant's cache, else from Crossref, a few at a time, in the order given. */
async function fromDois(deps: Deps, tenantId: number, dois: string[]): Promise<Gathered> {
  const unknownSince = new Date(deps.now().getTime() - UNKNOWN_DOI_MS);
  const cached = await inTenant(deps.database.db, tenantId, (tx) =>
    cachedWorks(tx, tenantId, dois, unknownSince),
  );
  const resolved = new Map<string, SectionEntry | null>();
  const missing = dois.filter((doi) => !cached.has(doi));
  for (let start = 0; start < missing.length; start += CROSSREF_AT_ONCE) {
    const batch = missing.slice(start, start + CROSSREF_AT_ONCE);
    const works = await Promise.all(batch.map((doi) => crossrefWork(deps.config, doi)));
    batch.forEach((doi, i) => {
      resolved.set(doi, works[i] ?? null);
    });
  }
  const found: PublicationEntry[] = [];
  const notFound: string[] = [];
  for (const doi of dois) {
    const work = cached.get(doi) ?? resolved.get(doi);
    if (work) found.push(work as PublicationEntry);
    else notFound.push(doi);
  }
  return { source: 'doi', found: publications(found), notFound, resolved };
}

async function fromFile(file: File): Promise<Gathered> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', scholarlyMessages.fileTooLarge, [
      { field: 'file', error: scholarlyMessages.fileTooLarge },
    ]);
  }
  const text = await file.text();
  return {
    source: 'file',
    found: publications(await readReferenceFile(text)),
    notFound: [],
    resolved: new Map(),
  };
}

/** A candidate as answered: its entry read as the profile reads entries, and what it repeats. */
function presentCandidate(row: CandidateRow, saved: SavedSections): ImportCandidate {
  const read = savedEntries[row.section];
  const [entry] = read([row.entry]);
  return {
    id: row.id,
    section: row.section,
    entry,
    duplicate_of: duplicateOf(row.section, entry as SectionEntry, read(saved[row.section])),
  } as ImportCandidate;
}

/**
 * POST /profiles/{id}/imports: every source is read first (ORCID, Crossref, OpenAlex, or the
 * file), then one transaction writes the candidates, so a source that fails or hangs leaves
 * nothing half-imported. Publications with a DOI carry OpenAlex's citation count.
 */
export async function importCandidates(
  deps: Deps,
  session: SessionContext,
  userId: number,
  request: ImportRequest,
): Promise<{ candidates: ImportCandidate[]; not_found: string[] }> {
  authorizeOwnProfile(session, userId);
  const { tenantId } = session;
  await consumeOrThrow(deps.rateLimits.scholarlyImports, `${tenantId}:${userId}`);
  const gathered =
    'file' in request
      ? await fromFile(request.file)
      : request.source === 'orcid'
        ? await fromOrcid(deps, session, userId)
        : await fromDois(deps, tenantId, request.dois);

  const checked = gathered.found.flatMap(({ section, entry }) => {
    const entryChecked = checkedEntry(section, entry);
    return entryChecked ? [{ section, entry: entryChecked }] : [];
  });
  const dois = checked.flatMap(({ section, entry }) =>
    section === 'publications' && (entry as PublicationEntry).doi
      ? [(entry as PublicationEntry).doi as string]
      : [],
  );
  const counts = await citationCounts(deps.config, dois);

  // One candidate per match key: a file listing a work twice must not upsert one row twice.
  const candidates = new Map<string, NewCandidate>();
  for (const { section, entry } of checked) {
    const doi = section === 'publications' ? (entry as PublicationEntry).doi : null;
    const withCount = doi && counts.has(doi) ? { ...entry, citations: counts.get(doi) } : entry;
    const key = matchKey(section, withCount as SectionEntry);
    if (!candidates.has(`${section}|${key}`)) {
      candidates.set(`${section}|${key}`, {
        section,
        source: gathered.source,
        entry: withCount as SectionEntry,
        matchKey: key,
      });
    }
  }

  return inTenant(deps.database.db, tenantId, async (tx) => {
    await storeWorks(tx, tenantId, gathered.resolved, counts, deps.now());
    const rows = await upsertCandidates(tx, tenantId, userId, [...candidates.values()]);
    const saved = await findSections(tx, tenantId, userId);
    if (!saved) throw notFound();
    return {
      candidates: rows.map((row) => presentCandidate(row, saved)),
      not_found: gathered.notFound,
    };
  });
}

async function waitingCandidates(tx: Tx, tenantId: number, userId: number) {
  const saved = await findSections(tx, tenantId, userId);
  if (!saved) throw notFound();
  const rows = await listCandidates(tx, tenantId, userId);
  return { candidates: rows.map((row) => presentCandidate(row, saved)) };
}

/**
 * Work on the owner's candidates in one transaction (403 for anyone else), answering the
 * candidates still waiting afterwards.
 */
function onOwnCandidates(
  deps: Deps,
  session: SessionContext,
  userId: number,
  work: (tx: Tx) => Promise<void>,
) {
  authorizeOwnProfile(session, userId);
  const { tenantId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    await work(tx);
    return waitingCandidates(tx, tenantId, userId);
  });
}

/** GET /profiles/{id}/imports: the candidates still waiting, oldest first. */
export function listImportCandidates(deps: Deps, session: SessionContext, userId: number) {
  return onOwnCandidates(deps, session, userId, async () => {});
}

const candidateGone = () => notFound(scholarlyMessages.candidateNotFound);

/**
 * POST /profiles/{id}/imports/{cid}/accept: the entry joins the end of its section and the
 * candidate goes, in one transaction on the locked user row, so two accepts at once both land and
 * a section never passes its limit.
 */
export function acceptCandidate(
  deps: Deps,
  session: SessionContext,
  userId: number,
  candidateId: number,
) {
  const { tenantId } = session;
  return onOwnCandidates(deps, session, userId, async (tx) => {
    const saved = await findSections(tx, tenantId, userId, true);
    if (!saved) throw notFound();
    const candidate = await takeCandidate(tx, tenantId, userId, candidateId);
    if (!candidate) throw candidateGone();
    const entries = Array.isArray(saved[candidate.section])
      ? (saved[candidate.section] as unknown[])
      : [];
    const limit = sectionLimits[candidate.section];
    if (entries.length >= limit) {
      const message = sectionLimitMessage(importSections[candidate.section], limit);
      throw badRequest(message, [{ field: candidate.section, error: message }]);
    }
    await saveSection(tx, tenantId, userId, candidate.section, [...entries, candidate.entry]);
  });
}

/** POST /profiles/{id}/imports/{cid}/reject: the candidate goes, the profile unchanged. */
export function rejectCandidate(
  deps: Deps,
  session: SessionContext,
  userId: number,
  candidateId: number,
) {
  return onOwnCandidates(deps, session, userId, async (tx) => {
    if (!(await takeCandidate(tx, session.tenantId, userId, candidateId))) throw candidateGone();
  });
}
