import type { ErrorDetail } from '@kindling/contract';
import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors.ts';

/** Reports at most this many fields: enough to fix a form, too few to echo a hostile body back. */
const MAX_DETAILS = 10;

function nulFields(value: unknown, path: string, found: ErrorDetail[]): void {
  if (found.length >= MAX_DETAILS) return;
  if (typeof value === 'string') {
    const field = path || 'body';
    if (value.includes('\u0000')) found.push({ field, error: `${field} must be plain text.` });
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      nulFields(item, path ? `${path}.${index}` : String(index), found);
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) nulFields(key, childPath, found);
      else nulFields(child, childPath, found);
    }
  }
}

/** The fields of a parsed JSON body that hold a NUL character, as validation details. */
export function fieldsWithNul(body: unknown): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  nulFields(body, '', found);
  return found;
}

/**
 * PostgreSQL text cannot hold a NUL (the query fails, a 500), and no person types one: a JSON body
 * carrying one anywhere is refused whole, before any route reads it, naming each field. One check
 * here rather than a refinement on every text field of every schema, so a field added later is
 * covered too. The parsed body is cached by Hono, so the route's validator does not parse it again.
 */
export const refuseNulInJson: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  if (!/\bjson\b/i.test(c.req.header('content-type') ?? '')) return next();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    // Malformed JSON is the route validator's to refuse, with its own message.
    return next();
  }
  const found = fieldsWithNul(body);
  if (found.length > 0) throw badRequest(undefined, found);
  return next();
};
