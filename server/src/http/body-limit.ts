import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

/**
 * How much of a refused body is read and thrown away so the connection can carry the next request.
 * Past either bound the answer closes the connection instead: a client sending gigabytes, or
 * sending slowly, is not waited for.
 */
const DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_MS = 5_000;

/** Reads the rest of a body without keeping it; false when a bound stopped it first. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DISCARD_MS);
  });
  try {
    for (let total = read; total <= DISCARD_BYTES; ) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late') return false;
      if (chunk.done) return true;
      total += chunk.value.length;
    }
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses a body over `maxBytes` with 413. Hono's bodyLimit answers before the body has arrived:
 * the unread rest then sat in front of the connection's next request, and the server reset the
 * connection under it (a keep-alive client's third oversized request got no answer). Here the rest
 * is read and dropped first, so the connection stays usable; a body too large or too slow to drop
 * gets its 413 with `Connection: close`.
 */
export function limitBody(maxBytes: number, message?: string): MiddlewareHandler {
  return async (c, next) => {
    // A GET or HEAD has no body for the adapter (a Request cannot carry one), and asking for it
    // would make the adapter build the full Request that it otherwise never needs (decision 0056).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.has('transfer-encoding')
      ? null
      : c.req.raw.headers.get('content-length');
    if (declared !== null) {
      const length = Number(declared);
      if (length <= maxBytes) return next();
      if (length > DISCARD_BYTES || !(await discard(body.getReader(), 0))) {
        c.header('Connection', 'close');
      }
      throw new AppError('PAYLOAD_TOO_LARGE', message);
    }
    // No length given (a chunked body): read it here, up to the limit, and hand the route a copy.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        if (!(await discard(reader, size))) c.header('Connection', 'close');
        throw new AppError('PAYLOAD_TOO_LARGE', message);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
