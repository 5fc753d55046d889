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
import { expertsFor, ideaTerms, similarTo } from './matches.ts';

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
        return keywordPage(tx, session, noIdeaFilters(query.q), undefined, query, {
          highlights: true,
        });
      }
      if (query.type === 'people') {
        return keywordPeople(tx, tenantId, noPeopleFilters(query.q), 'relevance', query, {
          highlights: true,
        });
      }
      const quick = { page: 1, page_size: limits.quickResults };
      const none = { highlights: false };
      // Sent together: one round trip for both.
      const [ideas, people] = await bothSettled(
        keywordPage(tx, session, noIdeaFilters(query.q), undefined, quick, none),
        keywordPeople(tx, tenantId, noPeopleFilters(query.q), 'relevance', quick, none),
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

/** GET /ideas/{id}/experts: each with the idea's words, as written there, that their profile holds. */
export function experts(deps: Deps, session: SessionContext, ideaId: number, limit: number) {
  const { tenantId, userId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const terms = await ideaTerms(tx, tenantId, ideaId, { words: true });
    if (!terms) throw notFound(ideaMessages.notFound);
    const { query } = terms;
    if (query === null) return { users: [] };
    const rows = await expertsFor(tx, tenantId, userId, { ...terms, query }, limit);
    const wordOf = new Map(terms.words.map((w) => [w.lexeme, w.word]));
    return {
      users: rows.map((row) => ({
        ...presentCard(row),
        // The parts of a hyphenated word are shown as the word, once.
        matched_on: [...new Set(row.matched.flatMap((lexeme) => wordOf.get(lexeme) ?? []))],
      })),
    };
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
