import { problemMessage } from '../api/apiError.ts';

/** The account forms' words above their fields: none when the server's details are on the fields. */
export const accountProblem = (error: unknown, { onFields }: { onFields: boolean }) =>
  onFields ? null : problemMessage(error);
