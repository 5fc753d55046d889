import { z } from 'zod';

/** Error codes of SPEC §8 and CONTRACT §3, plus the transport-level ones the server can answer. */
export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_APPROVED',
  'CODE_MISMATCH',
  /** CONTRACT §11: an administrator who must set up a second factor before anything else. */
  'MFA_SETUP_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorDetail = z.object({ field: z.string(), error: z.string() });
export type ErrorDetail = z.infer<typeof errorDetail>;

export const errorBody = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  status: z.number().int(),
  details: z.array(errorDetail),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The catalogue's fixed messages (SPEC §8), used where the server has nothing more precise to say. */
export const catalogueMessages = {
  UNAUTHORIZED:
    'Your session has expired or you are not authorized to perform this action. Please log in again.',
  FORBIDDEN: "You don't have permission to access this page. Please contact support.",
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
  BAD_GATEWAY: 'Oops! It seems our service is temporarily unavailable. Please try again later.',
  INTERNAL_SERVER_ERROR: 'Internal Server Error',
  ERR_NETWORK: 'Oops! Something went wrong. Please check your internet connection and try again.',
  UNKNOWN_ERROR: 'An unknown error occurred.',
  NOT_FOUND: 'The requested resource was not found.',
  BAD_REQUEST: 'The request is invalid.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
} as const;

export const statusOfCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  CODE_MISMATCH: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  MFA_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  NOT_APPROVED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};
