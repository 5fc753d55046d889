// Weighs the built JavaScript against the page-weight budgets and fails the build when one is
// exceeded (docs/decisions/0015-page-weight-budgets.md). Sizes are of the gzip copies the server
// sends (scripts/compress-dist.mjs); brotli copies, sent to browsers that take them, are smaller.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const KiB = 1024;
const BUDGET = { firstScreen: 130 * KiB, lazyScreen: 50 * KiB, allScript: 365 * KiB };

/** Where visitors arrive: weighed whole, with the entry. */
const FIRST_SCREENS = { home: 'src/home/HomePage.tsx', 'sign-in': 'src/auth/SignInPage.tsx' };
/**
 * What a signed-in member has loaded before opening any other screen: signing in lands on the
 * dashboard, whose header brings the profile menu and the search field, the session services and the toasts.
 */
const SIGNED_IN_SHELL = [
  'src/ideas/DashboardPage.tsx',
  'src/shell/signedInShell.ts',
  'src/shell/ToastRegion.tsx',
];
/** Screens for visitors who are not signed in: reached from home or sign-in. */
const PUBLIC = [
  'src/auth/ForgotPasswordPage.tsx',
  'src/invitations/RequestInvitePage.tsx',
  'src/invitations/AcceptInvitationPage.tsx',
  'src/terms/StandaloneTermsPage.tsx',
  'src/errors/NotFoundPage.tsx',
  'src/errors/TenantRequired.tsx',
];

const gzipBytes = (file) => statSync(path.join(dist, `${file}.gz`)).size;

/** A chunk's JavaScript with everything it imports statically, as the browser must load it. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}
const union = (...keys) => keys.reduce((files, key) => closure(key, files), new Set());
const weigh = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
const added = (key, loaded) => weigh([...closure(key)].filter((file) => !loaded.has(file)));
const kib = (bytes) => (bytes / KiB).toFixed(1);

// index.html loads the app's entry and the early requests' (docs/decisions/0017).
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const entry = union(...entryKeys);
const publicLoaded = union(...entryKeys, ...Object.values(FIRST_SCREENS));
const signedInLoaded = union(...entryKeys, ...SIGNED_IN_SHELL);

const rows = [];
const over = [];
const check = (name, bytes, budget, measured) => {
  rows.push({ chunk: name, 'KiB gzip': kib(bytes), budget: kib(budget), measured });
  if (bytes > budget) over.push(`${name}: ${kib(bytes)} KiB, over its ${kib(budget)} KiB`);
};

for (const [name, key] of Object.entries(FIRST_SCREENS)) {
  check(name, weigh(union(...entryKeys, key)), BUDGET.firstScreen, 'first load, whole');
}
check(
  'signed-in shell',
  weigh([...signedInLoaded].filter((file) => !entry.has(file))),
  BUDGET.lazyScreen,
  'after sign-in',
);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  if (Object.values(FIRST_SCREENS).includes(key) || SIGNED_IN_SHELL.includes(key)) continue;
  const isPublic = PUBLIC.includes(key);
  check(
    key.replace(/^src\//, ''),
    added(key, isPublic ? publicLoaded : signedInLoaded),
    BUDGET.lazyScreen,
    isPublic ? 'after home or sign-in' : 'after the dashboard',
  );
}
const everything = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'));
check('all JavaScript', weigh(new Set(everything)), BUDGET.allScript, 'every chunk');

console.table(rows);
if (over.length > 0) {
  console.error(`Page-weight budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('Page weight within every budget.');
