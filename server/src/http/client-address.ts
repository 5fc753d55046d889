import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address: the socket's, unless `trustProxy` hops are configured, in which case the
 * address those proxies appended to X-Forwarded-For. Entries a client wrote itself are never used.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
  }
  if (trustProxy === 0) return socketAddress;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustProxy] ?? socketAddress;
}
