import type { ErrorDetail } from '@kindling/contract';
import type { Context } from 'hono';
import { type AppError, badRequest } from './errors.ts';

const MAX_DETAILS = 10;

/** The path and query parameters of a URL that hold a NUL once decoded, as validation details. */
function urlPartsWithNul(url: URL, decodedPath: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  if (decodedPath.includes('\u0000')) {
    found.push({ field: 'path', error: 'The path must be plain text.' });
  }
  for (const [name, value] of url.searchParams) {
    if (found.length >= MAX_DETAILS) break;
    if (!name.includes('\u0000') && !value.includes('\u0000')) continue;
    const field = name.replaceAll('\u0000', '');
    found.push({ field, error: `${field} must be plain text.` });
  }
  return found;
}

/**
 * The URL's counterpart of refuseNulInJson: a percent-encoded NUL (`?domain=%00`) decodes into a
 * string PostgreSQL cannot hold, and a query built with it fails (a 500). Refused (the error is
 * returned for the pipeline's first step to answer) before any route or file lookup reads the path or the query. Header values need no check: Node's HTTP parser
 * refuses a NUL in them with its own 400, and the one header the server decodes, the session cookie,
 * is hashed before any query.
 */
export function nulInUrl(c: Context): AppError | undefined {
  // A NUL can reach a decoded path or query only percent-encoded: Node refuses a raw one.
  if (!c.req.url.includes('%00')) return undefined;
  const found = urlPartsWithNul(new URL(c.req.url), c.req.path);
  return found.length > 0 ? badRequest(undefined, found) : undefined;
}
