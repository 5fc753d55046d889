// Writes a brotli and a gzip copy beside each text asset of the web build, at the highest levels:
// the server sends the one the browser accepts (serveStatic's `precompressed`), so no request
// pays for compression and every visitor gets the smallest file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.join(
  process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../web/dist'),
  'assets',
);
const TEXT = /\.(js|css|svg|json|txt|map)$/;

let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += brotli.length;
}
console.log(
  `compressed web assets: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`,
);
