import {
  type IdeaDetail,
  type IdeaFilters,
  type IdeaListQuery,
  type IdeaValues,
  ideaMessages,
  type RecommendedIdeasPage,
} from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant, type Plans } from '../db/tenant-scope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ideaEdited } from '../notifications/notices.ts';
import { notificationMailOf } from '../notifications/notification-mail.ts';
import { IDEAS } from '../search/corpus.ts';
import { highlightsOf } from '../search/highlights.ts';
import type { SearchCounts } from '../search/search-counts.ts';
import { countIdeas, countOwnedIdeas } from './feed-counts.ts';
import { filteredPage, type Paging, unfiltered } from './feed-page.ts';
import { countKeywordIdeas, keywordIdeasPage } from './keyword.ts';
import { type SortOrder, totalPages } from './paging.ts';
import { authorizeFollow, authorizeOwner } from './policy.ts';
import { presentDetail, presentRecommended, presentSummary } from './presenter.ts';
import { ideaCards, memberSignals, rankedPool } from './recommendations.ts';
import {
  activeIpStatusExists,
  addFollow,
  countActiveSupportTypes,
  deleteIdeaRow,
  findIdeaDetail,
  findIdeaLookups,
  findIdeaOwners,
  type IdeaContent,
  insertIdea,
  removeFollow,
  replaceIdea,
  searchIdeaOwners,
} from './repository.ts';

/**
 * A page of ideas matching `q` (CONTRACT §7), relevance order unless a sort order is asked for, each
 * with its highlights unless `highlights` is false. One statement gives the page and the total; an
 * empty page past the first is 404 as on the plain list.
 */
export async function keywordPage(
  tx: Tx,
  counts: SearchCounts,
  session: SessionContext,
  filters: IdeaFilters & { q: string },
  order: SortOrder | undefined,
  paging: Paging,
  { highlights }: { highlights: boolean },
) {
  const { rows } = await keywordIdeasPage(
    tx,
    session.tenantId,
    session.userId,
    filters,
    order ?? 'relevance',
    { offset: (paging.page - 1) * paging.page_size, limit: paging.page_size },
    { excerpts: highlights },
    counts.get(session.tenantId, IDEAS, filters.q),
  );
  if (rows.length === 0 && paging.page > 1) throw notFound(ideaMessages.pageNotFound);
  const total = rows[0]?.total ?? 0;
  if (rows[0]) counts.keep(session.tenantId, IDEAS, filters.q, rows[0].counted, total);
  return {
    ideas: rows.map((row) =>
      highlights
        ? { ...presentSummary(row), highlights: highlightsOf(row.excerpt) }
        : presentSummary(row),
    ),
    page: paging.page,
    total_pages: totalPages(total, paging.page_size),
    total_count: total,
  };
}

const withKeyword = <T extends IdeaFilters>(filters: T): filters is T & { q: string } =>
  filters.q !== undefined;

/**
 * Generic plans without filters, a keyword or not: a keyword's search functions read key ranges
 * whose plan is the same for any word, and the one that is not plans for its words itself
 * (migration 0029, decision 0059).
 */
const plansFor = (filters: IdeaFilters): Plans => (unfiltered(filters) ? 'generic' : 'custom');

export function listIdeas(deps: Deps, session: SessionContext, query: IdeaListQuery) {
  if (withKeyword(query)) {
    return inTenant(
      deps.database.db,
      session.tenantId,
      async (tx) => {
        const { total_count: _, ...page } = await keywordPage(
          tx,
          deps.searchCounts,
          session,
          query,
          query.sort_order,
          query,
          { highlights: true },
        );
        return page;
      },
      plansFor(query),
    );
  }
  return inTenant(
    deps.database.db,
    session.tenantId,
    (tx) => filteredPage(tx, deps, session, query, query.sort_order ?? 'desc', query),
    plansFor(query),
  );
}

export async function countMatchingIdeas(
  deps: Deps,
  session: SessionContext,
  filters: IdeaFilters,
): Promise<{ total_count: number }> {
  const total = await inTenant(
    deps.database.db,
    session.tenantId,
    (tx) =>
      withKeyword(filters)
        ? countKeywordIdeas(tx, session.tenantId, session.userId, filters)
        : countIdeas(tx, deps.feedCounts, session.tenantId, session.userId, filters),
    plansFor(filters),
  );
  return { total_count: total };
}

const ownedBy = (memberId: number) => ({
  q: undefined,
  following: false,
  support_id: undefined,
  school_id: undefined,
  department_id: undefined,
  idea_owner_id: [memberId],
});

/** GET /users/{id}/ideas: the ideas whose principal investigator is that member, newest first. */
export function memberIdeas(deps: Deps, session: SessionContext, memberId: number, paging: Paging) {
  return inTenant(deps.database.db, session.tenantId, (tx) => {
    const filters = ownedBy(memberId);
    // A missing member answers 404 whatever the page's reads found.
    const counting = countOwnedIdeas(tx, session.tenantId, session.userId, filters).then(
      ({ ideas, found }) => {
        if (!found) throw notFound(ideaMessages.ownerNotFound);
        return ideas;
      },
    );
    return filteredPage(tx, deps, session, filters, 'desc', paging, counting);
  });
}

export function recommendedIdeas(deps: Deps, session: SessionContext, paging: Paging) {
  const { tenantId, userId } = session;
  const cached = deps.rankings.get(tenantId, userId);
  // Ranking needs plans made for the member's signals; reading cards by id never does.
  const plans: Plans = cached ? 'generic' : 'custom';
  return inTenant(
    deps.database.db,
    tenantId,
    async (tx): Promise<RecommendedIdeasPage> => {
      let ranking = cached;
      if (!ranking) {
        const stamp = deps.rankings.stamp(tenantId);
        const signals = await memberSignals(tx, tenantId, userId);
        ranking = {
          ideas: await rankedPool(tx, tenantId, userId, signals),
          interests: signals.words,
        };
        deps.rankings.set(tenantId, userId, ranking, stamp);
      }
      const offset = (paging.page - 1) * paging.page_size;
      const ids = ranking.ideas.slice(offset, offset + paging.page_size).map((idea) => idea.id);
      if (ids.length === 0 && paging.page > 1) throw notFound(ideaMessages.pageNotFound);
      const rows =
        ids.length > 0 ? await ideaCards(tx, tenantId, userId, ids, ranking.interests) : [];
      return {
        ideas: rows.map((row) => presentRecommended(row, ranking.interests)),
        page: paging.page,
        total_pages: totalPages(ranking.ideas.length, paging.page_size),
      };
    },
    plans,
  );
}

export async function getIdea(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
): Promise<IdeaDetail> {
  const row = await inTenant(
    deps.database.db,
    session.tenantId,
    (tx) => findIdeaDetail(tx, session.tenantId, session.userId, ideaId),
    'generic',
  );
  if (!row) throw notFound(ideaMessages.notFound);
  return presentDetail(row);
}

interface SavedLookups {
  ipStatusId: number | null;
  supportIds: number[];
}

const nothingSaved: SavedLookups = { ipStatusId: null, supportIds: [] };

/**
 * IP status and support types must be the tenant's own and active, 400 on the field otherwise;
 * an entry the idea already names may stay after it was deactivated (docs/decisions/0014).
 */
async function checkLookups(tx: Tx, tenantId: number, idea: IdeaValues, saved: SavedLookups) {
  if (
    idea.ip_status_id !== null &&
    idea.ip_status_id !== saved.ipStatusId &&
    !(await activeIpStatusExists(tx, tenantId, idea.ip_status_id))
  ) {
    throw badRequest(ideaMessages.ipStatusInvalid, [
      { field: 'ip_status_id', error: ideaMessages.ipStatusInvalid },
    ]);
  }
  const added = idea.support_ids.filter((id) => !saved.supportIds.includes(id));
  if ((await countActiveSupportTypes(tx, tenantId, added)) !== added.length) {
    throw badRequest(ideaMessages.supportInvalid, [
      { field: 'support_ids', error: ideaMessages.supportInvalid },
    ]);
  }
}

const content = (idea: IdeaValues): IdeaContent => ({
  title: idea.title,
  introduction: idea.introduction,
  problem: idea.problem,
  opportunity: idea.opportunity,
  urls: idea.urls,
  patents: idea.patents,
  ipStatusId: idea.ip_status_id,
  supportIds: idea.support_ids,
});

/**
 * The poster is the principal investigator. One transaction: idea, links, patents, supports. Posted
 * at the server's clock (`deps.now`), which the demo seed sets in the past.
 */
export async function createIdea(deps: Deps, session: SessionContext, idea: IdeaValues) {
  const { tenantId, userId } = session;
  const id = await inTenant(deps.database.db, tenantId, async (tx) => {
    await checkLookups(tx, tenantId, idea, nothingSaved);
    return insertIdea(tx, tenantId, userId, content(idea), deps.now());
  });
  deps.rankings.invalidate(tenantId);
  return { idea_id: id };
}

async function existingIdea(tx: Tx, session: SessionContext, ideaId: number) {
  const owners = await findIdeaOwners(tx, session.tenantId, ideaId);
  if (!owners) throw notFound(ideaMessages.notFound);
  return owners;
}

/** An owner's edit; the idea's followers are told of it in the same transaction (CONTRACT §9). */
export async function updateIdea(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  idea: IdeaValues,
) {
  const { tenantId } = session;
  const mailed = await inTenant(deps.database.db, tenantId, async (tx) => {
    authorizeOwner(session, await existingIdea(tx, session, ideaId));
    await checkLookups(tx, tenantId, idea, await findIdeaLookups(tx, tenantId, ideaId));
    await replaceIdea(tx, tenantId, ideaId, content(idea));
    const mail = notificationMailOf(deps);
    return ideaEdited(tx, { tenantId, actorId: session.userId, ideaId, at: deps.now(), mail });
  });
  if (mailed) deps.mailer.nudge();
  deps.rankings.invalidate(tenantId);
  return { idea_id: ideaId };
}

export async function deleteIdea(deps: Deps, session: SessionContext, ideaId: number) {
  await inTenant(deps.database.db, session.tenantId, async (tx) => {
    authorizeOwner(session, await existingIdea(tx, session, ideaId));
    await deleteIdeaRow(tx, session.tenantId, ideaId);
  });
  deps.rankings.invalidate(session.tenantId);
  return { message: 'The idea has been deleted.' };
}

/** Idempotent: following twice leaves one follow. */
export async function followIdea(deps: Deps, session: SessionContext, ideaId: number) {
  await inTenant(deps.database.db, session.tenantId, async (tx) => {
    authorizeFollow(session, await existingIdea(tx, session, ideaId));
    await addFollow(tx, session.tenantId, session.userId, ideaId, deps.now());
  });
  deps.rankings.invalidate(session.tenantId);
  return { is_following: true };
}

/** Idempotent, and open to owners too: a member made case manager may drop an earlier follow. */
export async function unfollowIdea(deps: Deps, session: SessionContext, ideaId: number) {
  await inTenant(deps.database.db, session.tenantId, async (tx) => {
    await existingIdea(tx, session, ideaId);
    await removeFollow(tx, session.tenantId, session.userId, ideaId);
  });
  deps.rankings.invalidate(session.tenantId);
  return { is_following: false };
}

export async function ideaOwners(
  deps: Deps,
  session: SessionContext,
  query: { school_id?: number[] | undefined; department_id?: number[] | undefined; q: string },
) {
  const users = await inTenant(deps.database.db, session.tenantId, (tx) =>
    searchIdeaOwners(tx, session.tenantId, {
      schoolIds: query.school_id,
      departmentIds: query.department_id,
      q: query.q,
    }),
  );
  return { users: users.map((user) => ({ id: user.id, name: user.name })) };
}
