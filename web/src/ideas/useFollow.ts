import type { IdeaDetail, IdeaSummary, IdeasPage } from '@kindling/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../shell/showToast.ts';
import { ideaKeys, setFollowing } from './ideasApi.ts';

const isPage = (data: unknown): data is IdeasPage =>
  typeof data === 'object' && data !== null && Array.isArray((data as IdeasPage).ideas);

function followed<T extends IdeaSummary>(idea: T, following: boolean): T {
  if (idea.is_following === following) return idea;
  return {
    ...idea,
    is_following: following,
    follower_count: Math.max(0, idea.follower_count + (following ? 1 : -1)),
  };
}

/** Shows the idea as followed or not in every list and on its own page held in the cache. */
function showFollowing(queryClient: QueryClient, id: number, following: boolean) {
  queryClient.setQueriesData({ queryKey: ideaKeys.lists }, (data: unknown) =>
    isPage(data)
      ? {
          ...data,
          ideas: data.ideas.map((idea) => (idea.id === id ? followed(idea, following) : idea)),
        }
      : data,
  );
  queryClient.setQueryData<IdeaDetail>(ideaKeys.detail(id), (idea) =>
    idea ? followed(idea, following) : idea,
  );
}

/**
 * SPEC §4 follow toggle: applied on screen at once, then set to what the server answers, or
 * undone with a toast when the call fails. The lists that depend on it (Following) reload the
 * next time they are shown, not under the member's pointer.
 */
export function useFollow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(id, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: ideaKeys.detail(id) });
      showFollowing(queryClient, id, follow);
    },
    onSuccess: (answer) => showFollowing(queryClient, id, answer.is_following),
    onError: (error, follow) => {
      showFollowing(queryClient, id, !follow);
      showToast(
        `${follow ? 'Could not follow this idea.' : 'Could not unfollow this idea.'} ${error.message}`,
        'error',
      );
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ideaKeys.lists, refetchType: 'none' }),
  });
}
