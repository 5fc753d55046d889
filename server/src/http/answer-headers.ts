import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * Puts headers on the answer without turning it into a full WHATWG Response. Under the Node
 * server they go on Node's own response, which merges them as the adapter writes the answer: reading
 * `c.res.headers` instead builds a Headers object for the adapter's light answer and copies it back
 * out, a fifth of a trivial request's work (decision 0056). A header the route set itself wins
 * there; no route sets one of these. `app.request()` in tests has no Node response, so they go on
 * the answer itself.
 */
export function addAnswerHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    for (const name in headers) outgoing.setHeader(name, headers[name] as string);
    return;
  }
  for (const name in headers) c.res.headers.set(name, headers[name] as string);
}
