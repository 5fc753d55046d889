import type { FieldPath, FieldValues } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';

/** The form's field a server's detail names (`grants.0.title`), or null to leave it off the fields. */
export type FieldOf<V extends FieldValues> = (field: string) => FieldPath<V> | null;

/**
 * The failures of an answer that name a field, each on the form's path for it. A non-API failure
 * (a thrown exception, a photo upload's own error) names none.
 */
export function serverFieldErrors<V extends FieldValues>(
  error: unknown,
  fieldOf: FieldOf<V>,
): { field: FieldPath<V>; message: string }[] {
  if (!isApiError(error)) return [];
  return error.details.flatMap((detail) => {
    const field = fieldOf(detail.field);
    return field === null ? [] : [{ field, message: detail.error }];
  });
}

/** A failure in the words most forms show above their fields: the first field's, else the answer's. */
export const firstProblem = (error: unknown): string =>
  isApiError(error) ? (error.details[0]?.error ?? error.message) : problemMessage(error);
