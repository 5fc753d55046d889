import { errorFromResponse, networkError, toApiError } from './apiError.ts';

const BASE_PATH = '/api/v1';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  /** A plain value is sent as JSON; FormData (uploads) as multipart; a Blob as is, with its type. */
  body?: unknown;
  signal?: AbortSignal;
  /** The same request already sent (app/earlyRequests.ts): its answer is read instead. */
  sent?: Promise<Response> | undefined;
}

/** Builds `?a=1&ids=1,2`, leaving out absent values and empty lists as the API expects. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
      continue;
    }
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where GET answers already asked for at start-up are taken from (app/earlyRequests.ts). */
let earlyAnswers: ((path: string) => Promise<Response | undefined> | undefined) | undefined;

/** Lets the client read start-up answers instead of asking again (app/prefetchStartup.ts). */
export function takeAnswersFrom(source: typeof earlyAnswers): void {
  earlyAnswers = source;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Calls the API on this origin. Same-origin requests carry the session cookie and the browser's
 * own Origin header, which is what the server's Origin check accepts for state-changing calls.
 * Rejects with an ApiError (SPEC §8) on every failure except a caller's abort.
 */
async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { query, body, signal, sent }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body instanceof Blob) {
    headers['Content-Type'] = body.type || 'application/octet-stream';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const target = `${path}${toQueryString(query)}`;
  let response: Response;
  try {
    response =
      (await (sent ?? (method === 'GET' ? earlyAnswers?.(target) : undefined))) ??
      (await fetch(`${BASE_PATH}${target}`, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal,
      }));
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }

  if (!response.ok) {
    const errorBody = await readJson(response).catch(() => undefined);
    throw errorFromResponse(response.status, response.statusText, errorBody);
  }
  try {
    return (await readJson(response)) as T;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw toApiError(error);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
