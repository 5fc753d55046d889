import type { ErrorDetail } from '@kindling/contract';
import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors.ts';

/**
 * Text PostgreSQL can store: no NUL, and no lone UTF-16 surrogate (JSON's `"\ud800"` is valid
 * JSON but no UTF-8 string, so the database refuses it with an error rather than a row).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isPlainText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Reports at most this many fields: enough to fix a form, too few to echo a hostile body back. */
const MAX_DETAILS = 10;

/**
 * The fields of a parsed JSON body that hold a NUL character, as validation details. Walked with
 * a stack of its own, not by recursion: a body of 50,000 nested brackets is valid JSON and must
 * not overflow the call stack.
 */
export function fieldsWithNul(body: unknown): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0 && found.length < MAX_DETAILS) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      const field = path || 'body';
      if (!isPlainText(value)) found.push({ field, error: `${field} must be plain text.` });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      // Reversed onto the stack, so fields are reported in the order they were written.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const childPath = path ? `${path}.${key}` : key;
        pending.push([isPlainText(key) ? child : key, childPath]);
      }
    }
  }
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
