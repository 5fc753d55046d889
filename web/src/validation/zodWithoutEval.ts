import { config } from 'zod';

/**
 * zod compiles a fast path for object schemas with `new Function` after probing whether eval is
 * allowed. The app's Content-Security-Policy forbids it, so the probe itself is reported as a
 * violation wherever a schema is built; parsing without the compiled path asks nothing of the
 * CSP. Schemas are built as soon as their chunk loads, so the entry sets this first (about 4 KiB
 * of zod's core, which the schema chunks then share).
 */
config({ jitless: true });
