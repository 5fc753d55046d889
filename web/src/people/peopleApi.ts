import type { peopleCountAnswer, peoplePage, peoplePickerAnswer } from '@kindling/contract';
import { limits } from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';
import { filterQuery, type PeopleFilters, sortQuery } from './peopleFilters.ts';

export type PeoplePage = z.infer<typeof peoplePage>;
export type PersonOption = z.infer<typeof peoplePickerAnswer>['users'][number];

export const peopleKeys = {
  page: (filters: PeopleFilters) => ['people', 'page', filters] as const,
  count: (filters: PeopleFilters) => ['people', 'count', filterQuery(filters)] as const,
  person: (userId: number) => ['people', 'person', userId] as const,
  picker: (filters: PeopleFilters, q: string) =>
    ['people', 'picker', { ...filterQuery({ ...filters, user_id: null }), q }] as const,
};

export function fetchPeoplePage(filters: PeopleFilters, signal: AbortSignal): Promise<PeoplePage> {
  return api.get('/users', {
    query: {
      ...filterQuery(filters),
      page: filters.page,
      page_size: limits.pageSize,
      sort_order: sortQuery(filters),
    },
    signal,
  });
}

export async function fetchPeopleCount(filters: PeopleFilters, signal: AbortSignal) {
  const answer = await api.get<z.infer<typeof peopleCountAnswer>>('/users/count', {
    query: filterQuery(filters),
    signal,
  });
  return answer.total_count;
}

/** The directory's page for `filters`, as the screen and its prefetch ask for it. */
export const peoplePageQuery = (filters: PeopleFilters) => ({
  queryKey: peopleKeys.page(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPeoplePage(filters, signal),
});

/** SPEC §8: the count falls to 0 when it cannot be had, whatever the reason. */
export const peopleCountQuery = (filters: PeopleFilters) => ({
  queryKey: peopleKeys.count(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchPeopleCount(filters, signal).catch(() => 0),
});

/**
 * Names for the person picker: whoever matches the other filters and whose name holds `q`. The
 * chosen person is left out of the filters, or the list could hold nobody else to switch to.
 */
export async function fetchPersonOptions(
  filters: PeopleFilters,
  q: string,
  signal: AbortSignal,
): Promise<PersonOption[]> {
  const answer = await api.get<z.infer<typeof peoplePickerAnswer>>('/filter/users', {
    query: { ...filterQuery({ ...filters, user_id: null }), q: q.trim() },
    signal,
  });
  return answer.users;
}

/** The name of one member, for the chip of a person filter that arrived in the URL. */
export async function fetchPersonName(userId: number, signal: AbortSignal): Promise<string | null> {
  const answer = await api.get<z.infer<typeof peoplePickerAnswer>>('/filter/users', {
    query: { user_id: userId },
    signal,
  });
  return answer.users[0]?.name ?? null;
}
