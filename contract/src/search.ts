import { z } from 'zod';
import { ideaSummary } from './ideas.ts';
import { limits } from './limits.ts';
import { personCard } from './people.ts';
import { pageOf, pagination, searchText } from './query.ts';

/**
 * Excerpts of a result, at most 3 of at most 200 characters: every matched word wrapped in
 * `<mark>`…`</mark>`, every other character HTML-escaped by the server.
 */
export const highlights = z.array(z.string());

export const ideaSearchResult = ideaSummary.extend({ highlights: highlights.optional() });
export type IdeaSearchResult = z.infer<typeof ideaSearchResult>;

export const personSearchResult = personCard.extend({ highlights: highlights.optional() });
export type PersonSearchResult = z.infer<typeof personSearchResult>;

/** GET /ideas and GET /users: pages whose items carry `highlights` when `q` is given. */
export const ideaListPage = pageOf('ideas', ideaSearchResult);
export const peopleListPage = z.object({
  users: z.array(personSearchResult),
  page: z.number().int(),
  total_pages: z.number().int(),
});

export const searchQuery = pagination.extend({
  q: searchText,
  type: z
    .enum(['all', 'ideas', 'people'], { error: "type must be 'all', 'ideas' or 'people'." })
    .default('all'),
});
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * `GET /search?type=all`: the header's quick results, at most 5 of each, and both totals; without
 * `highlights`, which the box does not show.
 */
export const quickSearchAnswer = z.object({
  ideas: z.array(ideaSearchResult),
  people: z.array(personSearchResult),
  idea_count: z.number().int(),
  people_count: z.number().int(),
});
export type QuickSearchAnswer = z.infer<typeof quickSearchAnswer>;

export const ideaSearchPage = z.object({
  ideas: z.array(ideaSearchResult),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});
export const peopleSearchPage = z.object({
  users: z.array(personSearchResult),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});
export const searchAnswer = z.union([quickSearchAnswer, ideaSearchPage, peopleSearchPage]);
export type SearchAnswer = z.infer<typeof searchAnswer>;

/** `limit` of the experts and similar-ideas calls: 5 when not given, at most 20. */
export const matchQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be an integer from 1 to ${limits.matchLimit}.` })
    .int({ error: `limit must be an integer from 1 to ${limits.matchLimit}.` })
    .min(1, { error: `limit must be an integer from 1 to ${limits.matchLimit}.` })
    .max(limits.matchLimit, { error: `limit must be an integer from 1 to ${limits.matchLimit}.` })
    .default(limits.matchLimitDefault),
});

/** An expert for an idea: the person card and the idea's words, as written there, that matched. */
export const expert = personCard.extend({ matched_on: z.array(z.string()) });
export type Expert = z.infer<typeof expert>;
export const expertsAnswer = z.object({ users: z.array(expert) });
export const similarIdeasAnswer = z.object({ ideas: z.array(ideaSummary) });
