import {
  type QueryKey,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { showToast } from '../shell/showToast.ts';
import { problemMessage } from './apiError.ts';

type Variables<R> = { row: R; work(): Promise<string> };

/**
 * The one way a list writes to a row (issue 13): a TanStack Query mutation that toasts its outcome
 * (the catalogue's message on failure), refreshes the queries under `refresh` before it settles,
 * and reports which rows are in flight from the mutation cache, so no screen keeps a busy set of
 * its own. `change` settles with the mutation and rejects on failure, so a dialog can stay
 * open; a button that needs neither ignores the promise with `run`.
 */
export function useRowChange<R extends { id: number }>(name: string, refresh: QueryKey) {
  const queryClient = useQueryClient();
  const mutationKey = ['row-change', name];
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ work }: Variables<R>) => work(),
    onSuccess: async (message) => {
      showToast(message, 'success');
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error) => showToast(problemMessage(error), 'error'),
  });
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => (m.state.variables as Variables<R>).row.id,
  });
  const change = async (row: R, work: () => Promise<string>): Promise<void> => {
    await mutation.mutateAsync({ row, work });
  };
  return {
    busy: new Set(pending) as ReadonlySet<number>,
    change,
    run: (row: R, work: () => Promise<string>) => {
      change(row, work).catch(() => undefined);
    },
  };
}
