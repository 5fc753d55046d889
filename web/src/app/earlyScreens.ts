/**
 * The screens people arrive on, by the address that opens them: the early script preloads the
 * opened screen's chunks beside the app's (docs/decisions/0017). A screen missing here still
 * loads, only after the app has run. Plain data, without imports: the build reads it too
 * (web/build/earlyScript.ts).
 */
export const EARLY_SCREENS: readonly { path: RegExp; module: string }[] = [
  { path: /^\/$/, module: 'src/home/HomePage.tsx' },
  { path: /^\/signin\/?$/, module: 'src/auth/SignInPage.tsx' },
  { path: /^\/dashboard\/?$/, module: 'src/ideas/DashboardPage.tsx' },
  { path: /^\/people\/?$/, module: 'src/people/PeoplePage.tsx' },
  { path: /^\/profile\/[^/]+\/?$/, module: 'src/profiles/ProfilePage.tsx' },
];

/** The `<meta>` of index.html that lists each early screen's chunks. */
export const SCREEN_CHUNKS_META = 'kindling-screen-chunks';
