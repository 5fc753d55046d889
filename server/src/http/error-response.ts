import { catalogueMessages } from '@kindling/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../context.ts';
import { AppError } from './errors.ts';

/** The answer to anything a route threw: the catalogue's body, and a log line for a 5xx. */
export function errorResponse(c: Context<AppEnv>, error: unknown) {
  if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
  if (error instanceof HTTPException && error.status < 500) {
    const appError =
      error.status === 413
        ? new AppError('PAYLOAD_TOO_LARGE')
        : new AppError('BAD_REQUEST', error.message || catalogueMessages.BAD_REQUEST);
    return c.json(appError.toBody(), appError.status as 400);
  }
  const unavailable = isDatabaseUnavailable(error);
  // A failed query's error carries its SQL and parameters (e-mails, token hashes): the log gets
  // only what went wrong.
  const cause = (error as { cause?: Error }).cause;
  const logged =
    cause instanceof Error ? { err: cause, query: (error as Error).name } : { err: error };
  if (unavailable) c.get('log')?.().warn(logged, 'database unavailable');
  else c.get('log')?.().error(logged, 'unhandled error');
  const appError = new AppError(unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR');
  return c.json(appError.toBody(), appError.status as 500);
}

/** Messages of node-postgres for a connection lost or never made; they carry no error code. */
const CONNECTION_LOST =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** Connection failures are the database being away, not a bug: 503 so clients may retry. */
function isDatabaseUnavailable(error: unknown): boolean {
  const errors = [error, (error as { cause?: unknown })?.cause];
  return errors.some((e) => {
    const code = (e as { code?: string })?.code;
    return (
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'EPIPE' ||
      code === 'ETIMEDOUT' ||
      code === '57P01' ||
      code === '57P03' ||
      code === '08006' ||
      code === '08001' ||
      code === '08003' ||
      (e instanceof Error && CONNECTION_LOST.test(e.message) && !/Failed query/.test(e.message))
    );
  });
}
