import { ApiError } from '../../api/apiError.ts';

/**
 * What a failed import tells the member: a failing source by name (CONTRACT §10's 502 details),
 * else the API's own message.
 */
export function importProblem(error: unknown): string {
  if (error instanceof ApiError) {
    const source = error.details.find((d) => d.field === 'source' && error.status === 502);
    if (source) {
      return `${source.error} did not answer in time or failed, so nothing was imported. Please try again later.`;
    }
    return error.details[0]?.error ?? error.message;
  }
  return 'The import failed. Please try again.';
}
