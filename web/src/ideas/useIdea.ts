import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchIdea, ideaKeys } from './ideasApi.ts';

/** An idea id as an address holds it: a positive integer, else null. */
export function ideaIdOf(id: string | undefined): number | null {
  return id && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** The route's idea id, or null (the page then says the idea is not there). */
export function useIdeaId(): number | null {
  return ideaIdOf(useParams().id);
}

/** One idea (SPEC §3 idea, read) as a query. */
export const ideaQuery = (id: number) => ({
  queryKey: ideaKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchIdea(id, { signal }),
});

/** One idea for the page at `/ideas/{id}` or `/my-ideas/edit/{id}`. */
export function useIdea(id: number | null) {
  return useQuery({ ...ideaQuery(id ?? 0), enabled: id !== null });
}
