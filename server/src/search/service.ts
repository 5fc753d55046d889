import {
  type IdeaFilters,
  ideaMessages,
  limits,
  type PeopleFilter,
  type SearchQuery,
} from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { bothSettled } from '../db/together.ts';
import { notFound } from '../http/errors.ts';
import { ideaCardsOf } from '../ideas/feed.ts';
import { presentSummary } from '../ideas/presenter.ts';
import { keywordPage } from '../ideas/service.ts';
import { presentCard } from '../people/presenter.ts';
import { keywordPeople } from '../people/service.ts';
import {
  type ExpertRow,
  expertCards,
  expertsFor,
  type IdeaTerms,
  ideaExists,
  ideaTerms,
  similarTo,
} from './matches.ts';

const noIdeaFilters = (q: string): IdeaFilters & { q: string } => ({
  q,
  following: false,
  support_id: undefined,
  school_id: undefined,
  department_id: undefined,
  idea_owner_id: undefined,
});
const noPeopleFilters = (q: string): PeopleFilter & { q: string } => ({
  q,
  user_id: undefined,
  role_id: undefined,
  school_id: undefined,
  department_id: undefined,
});

/**
 * GET /search: `all` is the header's quick results, the best five of each and both totals, which
 * equal the counts of the two lists; `ideas` and `people` are pages of those lists. The quick box
 * shows a title and a name, so its results carry no highlights: making them was a quarter of the
 * people statement's time (decision 0055).
 */
export function search(deps: Deps, session: SessionContext, query: SearchQuery) {
  const { tenantId } = session;
  // No filter beside the words: generic plans, as the lists' (decision 0059).
  return inTenant(
    deps.database.db,
    tenantId,
    async (tx) => {
      if (query.type === 'ideas') {
        return keywordPage(
          tx,
          deps.searchCounts,
          session,
          noIdeaFilters(query.q),
          undefined,
          query,
          {
            highlights: true,
          },
        );
      }
      if (query.type === 'people') {
        return keywordPeople(
          tx,
          deps.searchCounts,
          tenantId,
          noPeopleFilters(query.q),
          'relevance',
          query,
          {
            highlights: true,
          },
        );
      }
      const quick = { page: 1, page_size: limits.quickResults };
      const none = { highlights: false };
      // Sent together: one round trip for both.
      const [ideas, people] = await bothSettled(
        keywordPage(tx, deps.searchCounts, session, noIdeaFilters(query.q), undefined, quick, none),
        keywordPeople(
          tx,
          deps.searchCounts,
          tenantId,
          noPeopleFilters(query.q),
          'relevance',
          quick,
          none,
        ),
      );
      return {
        ideas: ideas.ideas,
        people: people.users,
        idea_count: ideas.total_count,
        people_count: people.total_count,
      };
    },
    'generic',
  );
}

/**
 * The experts' cards, each with the idea's words, as written there, that their profile holds. The
 * parts of a hyphenated word are shown as the word, once.
 */
function presentExperts(rows: ExpertRow[], terms: IdeaTerms) {
  const wordOf = new Map(terms.words.map((w) => [w.lexeme, w.word]));
  return {
    users: rows.map((row) => ({
      ...presentCard(row),
      matched_on: [...new Set(row.matched.flatMap((lexeme) => wordOf.get(lexeme) ?? []))],
    })),
  };
}

/**
 * GET /ideas/{id}/experts. Who they are is ranked for every viewer and kept a while, as similar
 * ideas are (ideas/ranking-cache.ts); each viewer is then left out of their own list, and the
 * cards, an expert still being active, and the words matched are always read fresh.
 */
export function experts(deps: Deps, session: SessionContext, ideaId: number, limit: number) {
  const { tenantId, userId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const kept = deps.rankings.experts(tenantId, ideaId, limit);
    if (kept) {
      const [exists, rows] = await bothSettled(
        ideaExists(tx, tenantId, ideaId),
        kept.ids.length > 0
          ? expertCards(tx, tenantId, userId, kept.terms, kept.ids, limit)
          : Promise.resolve([]),
      );
      if (!exists) throw notFound(ideaMessages.notFound);
      return presentExperts(rows, kept.terms);
    }
    const stamp = deps.rankings.stamp(tenantId);
    const terms = await ideaTerms(tx, tenantId, ideaId, { words: true });
    if (!terms) throw notFound(ideaMessages.notFound);
    const { query } = terms;
    // One more than a page, so that the page is whole once the viewer is left out.
    const ranked =
      query === null ? [] : await expertsFor(tx, tenantId, { ...terms, query }, limit + 1);
    deps.rankings.keepExperts(
      tenantId,
      ideaId,
      limit,
      { ids: ranked.map((row) => row.id), terms },
      stamp,
    );
    const rows = ranked.filter((row) => row.id !== userId).slice(0, limit);
    return presentExperts(rows, terms);
  });
}

/**
 * GET /ideas/{id}/similar: the ideas whose text is closest, never the idea itself. Which they are
 * is kept a while (ideas/ranking-cache.ts); their cards are always read fresh.
 */
export function similar(deps: Deps, session: SessionContext, ideaId: number, limit: number) {
  const { tenantId, userId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const kept = deps.rankings.similar(tenantId, ideaId, limit);
    if (kept) {
      // The idea's own card first: read, it shows the idea is still there (else 404 as below).
      const [own, ...rows] = await ideaCardsOf(tx, tenantId, userId, [ideaId, ...kept]);
      if (own?.id !== ideaId) throw notFound(ideaMessages.notFound);
      return { ideas: rows.map(presentSummary) };
    }
    const stamp = deps.rankings.stamp(tenantId);
    const terms = await ideaTerms(tx, tenantId, ideaId, { words: false });
    if (!terms) throw notFound(ideaMessages.notFound);
    const rows =
      terms.query === null ? [] : await similarTo(tx, tenantId, userId, ideaId, terms.query, limit);
    deps.rankings.keepSimilar(
      tenantId,
      ideaId,
      limit,
      rows.map((row) => row.id),
      stamp,
    );
    return { ideas: rows.map(presentSummary) };
  });
}
