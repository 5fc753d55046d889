import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchIdea, ideaKeys } from './ideasApi.ts';

/** The route's idea id: a positive integer, else null (the page then says the idea is not there). */
export function useIdeaId(): number | null {
  const { id } = useParams();
  return id && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** One idea (SPEC §3 idea, read) for the page at `/ideas/{id}` or `/my-ideas/edit/{id}`. */
export function useIdea(id: number | null) {
  return useQuery({
    queryKey: ideaKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchIdea(id ?? 0, { signal }),
    enabled: id !== null,
  });
}
