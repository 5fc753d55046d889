import {
  catalogueMessages,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
  statusOfCode,
} from '@kindling/contract';

/** An error the client should see: its code, message and field details make the answer body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode, message?: string, details: ErrorDetail[] = []) {
    super(message ?? fallbackMessage(code));
    this.code = code;
    this.status = statusOfCode[code];
    this.details = details;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status, details: this.details };
  }
}

function fallbackMessage(code: ErrorCode): string {
  return code in catalogueMessages
    ? catalogueMessages[code as keyof typeof catalogueMessages]
    : catalogueMessages.UNKNOWN_ERROR;
}

export const badRequest = (message?: string, details?: ErrorDetail[]) =>
  new AppError('BAD_REQUEST', message ?? details?.[0]?.error, details);
export const unauthorized = () => new AppError('UNAUTHORIZED');
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
