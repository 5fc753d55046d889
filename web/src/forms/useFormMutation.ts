import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath, FieldValues, SubmitErrorHandler, UseFormReturn } from 'react-hook-form';
import { showToast } from '../shell/showToast.ts';
import { type FieldOf, firstProblem, serverFieldErrors } from './serverErrors.ts';

interface FormMutationOptions<V extends FieldValues, S, A, P> {
  /** Sends the values (the form's output, or anything else `run` is given, such as a reset). */
  send(values: S): Promise<A>;
  /** After the answer: the caches, the form's reset, what the member is told. */
  saved?(answer: A, values: S): unknown;
  /**
   * The failure's words, shown above the fields (`problem`) or, with `toast`, as a toast; null
   * when the fields say it all. By default the first field's message, else the answer's. Told
   * what was sent and whether any detail went on a field.
   */
  problem?(error: unknown, failure: { values: S; onFields: boolean }): P | null;
  toast?: boolean;
  /** Where a detail goes; by default to the field it names when the form holds that field. */
  fieldOf?: FieldOf<V>;
  /** Moves the focus to the field a detail went on, as the account's and sign-in's forms do. */
  focus?: boolean;
  /** After the failure is shown, for what else a form does then (scrolls, a photo's own message). */
  failed?(error: unknown): void;
  /** When the form's own validation refuses the values, as react-hook-form's handleSubmit takes it. */
  invalid?: SubmitErrorHandler<V>;
}

/**
 * The one way a form writes (issue 13): a TanStack Query mutation whose failure puts the server's
 * field details on their fields and its message above the form or in a toast. `submit` is the
 * form's onSubmit; `run` sends other values (a reset to defaults) the same way and rejects on
 * failure, so a confirmation dialog can stay open.
 */
export function useFormMutation<V extends FieldValues, O extends S, S, A, P = string>(
  form: UseFormReturn<V, unknown, O>,
  options: FormMutationOptions<V, S, A, P>,
) {
  const [problem, setProblem] = useState<P | null>(null);
  const heldField: FieldOf<V> = (field) =>
    (field.split('.')[0] ?? '') in form.getValues() ? (field as FieldPath<V>) : null;
  const mutation = useMutation({
    mutationFn: (values: S) => options.send(values),
    onSuccess: (answer, values) => options.saved?.(answer, values),
    onError: (error, values) => {
      const onFields = serverFieldErrors(error, options.fieldOf ?? heldField);
      for (const { field, message } of onFields) {
        form.setError(field, { message }, { shouldFocus: options.focus === true });
      }
      const problem = options.problem ?? (firstProblem as (e: unknown) => P);
      const words = problem(error, { values, onFields: onFields.length > 0 });
      if (options.toast) {
        if (words !== null) showToast(String(words), 'error');
      } else setProblem(words);
      options.failed?.(error);
    },
  });
  const run = (values: S) => {
    setProblem(null);
    return mutation.mutateAsync(values);
  };
  const submit = form.handleSubmit(
    // A failure is shown by onError; the form only waits for the answer.
    (values) =>
      run(values).then(
        () => undefined,
        () => undefined,
      ),
    options.invalid,
  );
  return {
    submit,
    run,
    problem,
    pending: form.formState.isSubmitting || mutation.isPending,
  };
}
