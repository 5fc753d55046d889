import {
  type IdeaDetail,
  type IdeasPage,
  type IdeaValues,
  type ideaCountAnswer,
  type ideaIdAnswer,
  type ideaOwnersAnswer,
  limits,
  type RecommendedIdeasPage,
  type UserProfile,
} from '@kindling/contract';
import type { z } from 'zod';
import { api, type Query } from '../api/client.ts';

type IdeaOwner = z.infer<typeof ideaOwnersAnswer>['users'][number];

/**
 * Query keys of the idea calls. Every list sits under `ideas`, so a change to one idea can mark
 * all of them stale at once; one idea's page sits under `idea`.
 */
export const ideaKeys = {
  lists: ['ideas'] as const,
  recommended: (page: number) => ['ideas', 'recommended', page] as const,
  list: (query: Query) => ['ideas', 'list', query] as const,
  count: (query: Query) => ['ideas', 'count', query] as const,
  member: (userId: number, page: number) => ['ideas', 'member', userId, page] as const,
  detail: (id: number) => ['idea', id] as const,
  owners: (query: Query) => ['idea-owners', query] as const,
  ownerName: (id: number) => ['idea-owner-name', id] as const,
};

type Signal = { signal?: AbortSignal };

export const fetchRecommended = (page: number, { signal }: Signal = {}) =>
  api.get<RecommendedIdeasPage>('/recommendations/ideas', {
    query: { page, page_size: limits.pageSize },
    signal,
  });

export const fetchIdeas = (query: Query, { signal }: Signal = {}) =>
  api.get<IdeasPage>('/ideas', { query, signal });

/** SPEC §8: a count that fails counts as 0 rather than breaking the screen. */
const fetchIdeaCount = (query: Query, { signal }: Signal = {}) =>
  api
    .get<z.infer<typeof ideaCountAnswer>>('/ideas/count', { query, signal })
    .then((answer) => answer.total_count)
    .catch(() => 0);

/** The count of ideas that `query` matches, as useQuery's key and function. */
export const ideaCountQuery = (query: Query) => ({
  queryKey: ideaKeys.count(query),
  queryFn: ({ signal }: Signal) => fetchIdeaCount(query, { signal }),
});

export const fetchMemberIdeas = (userId: number, page: number, { signal }: Signal = {}) =>
  api.get<IdeasPage>(`/users/${userId}/ideas`, {
    query: { page, page_size: limits.pageSize },
    signal,
  });

export const fetchIdea = (id: number, { signal }: Signal = {}) =>
  api.get<IdeaDetail>(`/ideas/${id}`, { signal });

export const fetchIdeaOwners = (query: Query, { signal }: Signal = {}) =>
  api
    .get<z.infer<typeof ideaOwnersAnswer>>('/filter/idea-owners', { query, signal })
    .then((answer): IdeaOwner[] => answer.users);

/** The name of an idea owner named only by id in the URL (a reload keeps no other trace). */
export const fetchOwnerName = (id: number, { signal }: Signal = {}) =>
  api
    .get<UserProfile>(`/profiles/${id}`, { signal })
    .then((profile) => `${profile.first_name} ${profile.last_name}`);

export const postIdea = (idea: IdeaValues) =>
  api.post<z.infer<typeof ideaIdAnswer>>('/ideas', { body: idea });

export const putIdea = (id: number, idea: IdeaValues) =>
  api.put<z.infer<typeof ideaIdAnswer>>(`/ideas/${id}`, { body: idea });

export const deleteIdea = (id: number) => api.delete<{ message: string }>(`/ideas/${id}`);

export const setFollowing = (id: number, follow: boolean) =>
  follow
    ? api.post<{ is_following: boolean }>(`/ideas/${id}/follow`)
    : api.delete<{ is_following: boolean }>(`/ideas/${id}/unfollow`);
