import type {
  expertsAnswer,
  ideaSearchPage,
  peopleSearchPage,
  QuickSearchAnswer,
  similarIdeasAnswer,
} from '@kindling/contract';
import { limits } from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';

export type SearchTab = 'ideas' | 'people';
export type IdeaSearchPage = z.infer<typeof ideaSearchPage>;
export type PeopleSearchPage = z.infer<typeof peopleSearchPage>;
export type ExpertsAnswer = z.infer<typeof expertsAnswer>;
export type SimilarIdeasAnswer = z.infer<typeof similarIdeasAnswer>;

type Signal = { signal?: AbortSignal };

/** Query keys of the search calls; the quick answer is shared by the header and the tabs' counts. */
export const searchKeys = {
  quick: (q: string) => ['search', 'quick', q] as const,
  page: (tab: SearchTab, q: string, page: number) => ['search', tab, q, page] as const,
  experts: (ideaId: number) => ['idea', ideaId, 'experts'] as const,
  similar: (ideaId: number) => ['idea', ideaId, 'similar'] as const,
};

/** The header's quick results: at most 5 ideas and 5 people, and both totals. */
export const fetchQuickSearch = (q: string, { signal }: Signal = {}) =>
  api.get<QuickSearchAnswer>('/search', { query: { q, type: 'all' }, signal });

const pageQuery = (type: SearchTab, q: string, page: number) => ({
  q,
  type,
  page,
  page_size: limits.pageSize,
});

/** A page of the ideas that match, with their highlights and the total. */
export const fetchIdeaResults = (q: string, page: number, { signal }: Signal = {}) =>
  api.get<IdeaSearchPage>('/search', { query: pageQuery('ideas', q, page), signal });

/** A page of the people who match, with their highlights and the total. */
export const fetchPeopleResults = (q: string, page: number, { signal }: Signal = {}) =>
  api.get<PeopleSearchPage>('/search', { query: pageQuery('people', q, page), signal });

const fetchExperts = (ideaId: number, { signal }: Signal = {}) =>
  api.get<ExpertsAnswer>(`/ideas/${ideaId}/experts`, { signal });

const fetchSimilarIdeas = (ideaId: number, { signal }: Signal = {}) =>
  api.get<SimilarIdeasAnswer>(`/ideas/${ideaId}/similar`, { signal });

/** The experts call as a query; the idea's page starts it beside the idea's own (IdeaMatches.tsx). */
export const expertsQuery = (ideaId: number) => ({
  queryKey: searchKeys.experts(ideaId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchExperts(ideaId, { signal }),
  staleTime: 60_000,
});

/** The similar-ideas call as a query, started like the experts'. */
export const similarQuery = (ideaId: number) => ({
  queryKey: searchKeys.similar(ideaId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSimilarIdeas(ideaId, { signal }),
  staleTime: 60_000,
});
