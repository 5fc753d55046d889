import {
  type QueryKey,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { showToast } from '../shell/showToast.ts';
import { problemMessage } from './apiError.ts';

/** `row` is null for a change that makes a row (an addition), which no row waits for. */
type Variables<R> = { row: R | null; work(): Promise<string> };

/**
 * The one way a list writes to a row (issue 13): a TanStack Query mutation that toasts its outcome
 * (the catalogue's message on failure), refreshes the queries under each `refresh` key (several
 * when a change shows in more than one list) before it settles, and reports which rows are in
 * flight from the mutation cache, so no screen keeps a busy set of its own. `change` settles with
 * the mutation and rejects on failure, so a dialog or a field can show it; a button that needs
 * neither ignores the promise with `run`.
 */
export function useRowChange<R extends { id: number }>(name: string, ...refresh: QueryKey[]) {
  const queryClient = useQueryClient();
  const mutationKey = ['row-change', name];
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ work }: Variables<R>) => work(),
    onSuccess: async (message) => {
      showToast(message, 'success');
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => showToast(problemMessage(error), 'error'),
  });
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => (m.state.variables as Variables<R>).row?.id,
  });
  const change = async (row: R | null, work: () => Promise<string>): Promise<void> => {
    await mutation.mutateAsync({ row, work });
  };
  return {
    busy: new Set(pending.filter((id) => id !== undefined)) as ReadonlySet<number>,
    change,
    run: (row: R, work: () => Promise<string>) => {
      change(row, work).catch(() => undefined);
    },
  };
}
