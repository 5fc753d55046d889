import {
  catalogueMessages,
  type ErrorCode,
  type ErrorDetail,
  statusOfCode,
} from '@kindling/contract';

/** The codes a failed call can carry: the server's, plus the three the client produces itself (SPEC §8). */
export type ApiErrorCode = ErrorCode | 'ERR_NETWORK' | 'UNKNOWN_ERROR' | 'INVALID_REQUEST';

export interface ApiErrorShape {
  code: ApiErrorCode | (string & {});
  message: string;
  status: number;
  details: ErrorDetail[];
}

/** Every failed call rejects with this, so callers check one shape whatever went wrong. */
export class ApiError extends Error implements ApiErrorShape {
  readonly code: ApiErrorShape['code'];
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor({ code, message, status, details }: ApiErrorShape) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

const codeOfStatus = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(statusOfCode) as [ErrorCode, number][]) {
  // CODE_MISMATCH shares 400 with BAD_REQUEST; the first listed is the generic one.
  if (!codeOfStatus.has(status)) codeOfStatus.set(status, code);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is ErrorDetail =>
      isObject(d) && typeof d.field === 'string' && typeof d.error === 'string',
  );
}

/**
 * Turns a non-success HTTP answer into an ApiError: the server's error body when it sent one,
 * else the catalogue's code and message for the status, else INVALID_REQUEST with the status text.
 */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  if (isObject(body) && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError({
      code: body.code,
      message: body.message,
      status,
      details: readDetails(body.details),
    });
  }
  const code = codeOfStatus.get(status);
  if (!code) {
    return new ApiError({
      code: 'INVALID_REQUEST',
      message: statusText || catalogueMessages.UNKNOWN_ERROR,
      status,
      details: [],
    });
  }
  const message: string | undefined = catalogueMessages[code as keyof typeof catalogueMessages];
  return new ApiError({
    code,
    message: message ?? (statusText || catalogueMessages.UNKNOWN_ERROR),
    status,
    details: [],
  });
}

export function networkError(): ApiError {
  return new ApiError({
    code: 'ERR_NETWORK',
    message: catalogueMessages.ERR_NETWORK,
    status: 0,
    details: [],
  });
}

/** Normalises anything thrown into an ApiError; ApiErrors pass through unchanged. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    code: 'UNKNOWN_ERROR',
    message: catalogueMessages.UNKNOWN_ERROR,
    status: 0,
    details: [],
  });
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** What a member is told of a failed call: the catalogue's message, or the unknown error's. */
export const problemMessage = (error: unknown): string =>
  isApiError(error) ? error.message : 'An unknown error occurred.';
