import { useId } from 'react';

/** Ids tying a control to its description and error, and the `aria-describedby` that lists them. */
export function useFieldIds(hasDescription: boolean, hasError: boolean) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [hasDescription && descriptionId, hasError && errorId].filter(Boolean).join(' ') || undefined;
  return { id, descriptionId, errorId, describedBy };
}
