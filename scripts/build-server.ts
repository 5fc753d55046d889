/**
 * The server compiled once into one file, server/dist/main.js, which `npm start`, the bench and
 * the journeys run with plain Node.js: the TypeScript loader held about 70 MB in every server
 * (decision 0048). Rebuilt when the server's or the contract's sources are newer than the build.
 * Packages stay outside the bundle and load from node_modules as in development, so their native
 * parts and WebAssembly files are found where they are; the contract, TypeScript itself, goes in.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['server/src', 'contract/src', 'scripts/build-server.ts'];

/** Where the compiled server is; one folder below server/, as server/src is (server/src/paths.ts). */
const serverEntry = path.join(root, 'server/dist/main.js');

/** The time of the newest file under `target`, builds and installed packages left out. */
export function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function isStale(): boolean {
  const built = statSync(serverEntry, { throwIfNoEntry: false });
  if (!built) return true;
  return Math.max(...SOURCES.map((source) => newest(path.join(root, source)))) > built.mtimeMs;
}

/**
 * Builds when stale and answers the entry's path. Each build writes beside the entry and renames
 * over it, so a server starting meanwhile never reads half a file and two builds at once (two
 * `npm start`s, test workers) are harmless. A process checks once.
 */
export function buildServerIfStale(): Promise<string> {
  checked ??= isStale() ? buildServer() : Promise.resolve(serverEntry);
  return checked;
}

let checked: Promise<string> | undefined;

async function buildServer(): Promise<string> {
  const started = new Date();
  const result = await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Class and function names stay as written: errors and logs name them.
    keepNames: true,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@kindling/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  mkdirSync(path.dirname(serverEntry), { recursive: true });
  for (const file of result.outputFiles) {
    const scratch = `${file.path}.${randomUUID()}`;
    writeFileSync(scratch, file.contents);
    renameSync(scratch, file.path);
  }
  // Dated when the sources were read: a file saved during the build makes it stale.
  utimesSync(serverEntry, started, started);
  return serverEntry;
}
