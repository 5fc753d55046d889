import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { EARLY_SCREENS, SCREEN_CHUNKS_META, SIGNED_IN_SHELL } from '../src/app/earlyScreens.ts';

/** The early requests' entry (web/src/app/earlyRequests.ts), built beside the app's. */
export const EARLY_ENTRY = 'src/app/earlyRequests.ts';

const chunks = (bundle: Rolldown.OutputBundle) =>
  Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');

/** A chunk's file with every file it imports statically, as the browser must load them. */
function closure(
  bundle: Rolldown.OutputBundle,
  fileName: string,
  into = new Set<string>(),
): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * The early requests' entry is a chunk with no code of its own, only an import of the chunk that
 * holds the early module, since the app imports that module too: index.html loads that chunk
 * instead, without its modulepreload. The same module runs, one request fewer before the first
 * paint (docs/decisions/0054).
 */
function loadWhatEntryImports(html: string, entry: Rolldown.OutputChunk): string {
  const [only, ...more] = entry.imports;
  const ownCode = Object.values(entry.modules).some((module) => module.renderedLength > 0);
  if (ownCode || only === undefined || more.length > 0) return html;
  const script = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
  if (!html.includes(script)) throw new Error(`index.html does not load ${entry.fileName}`);
  return html
    .replace(script, `<script type="module" crossorigin src="/${only}"></script>`)
    .replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="/${only}">`), '');
}

/**
 * Loads the early requests' chunk from index.html before the app's script, and lists in a
 * `<meta>` the chunks of each screen in EARLY_SCREENS, and of the signed-in shell, that the page
 * does not load already. Vite gathers every module script of index.html into one entry, which
 * would run only once the whole app had loaded; as a build input of its own the early script stays
 * a file of a few hundred bytes.
 */
export function earlyScript(): Plugin {
  return {
    name: 'kindling:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const entries = chunks(bundle).filter((chunk) => chunk.isEntry);
        const early = entries.find((chunk) => chunk.name === 'early');
        if (!early) throw new Error(`the build lacks the ${EARLY_ENTRY} entry`);
        const loaded = new Set<string>();
        for (const entry of entries) closure(bundle, entry.fileName, loaded);

        const chunksOf = (module: string) => {
          const chunk = chunks(bundle).find((candidate) =>
            candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${module}`),
          );
          if (!chunk) throw new Error(`no chunk for the early module ${module}`);
          return [...closure(bundle, chunk.fileName)]
            .filter((file) => !loaded.has(file))
            .map((file) => path.posix.relative(path.posix.dirname(early.fileName), file));
        };
        const screenChunks: Record<string, string[]> = {};
        for (const { module } of EARLY_SCREENS) screenChunks[module] = chunksOf(module);
        for (const module of SIGNED_IN_SHELL) screenChunks[module] = chunksOf(module);
        // Names relative to the early script's own folder, and JSON's quotes left as they are in
        // a single-quoted attribute: every page load starts with index.html, so it stays small.
        const content = JSON.stringify(screenChunks)
          .replaceAll('&', '&amp;')
          .replaceAll("'", '&#39;');
        const page = html.replace(
          '<script type="module"',
          `<meta name="${SCREEN_CHUNKS_META}" content='${content}' />\n` +
            `    <script type="module" crossorigin src="/${early.fileName}"></script>\n` +
            '    <script type="module"',
        );
        return loadWhatEntryImports(page, early);
      },
    },
  };
}
