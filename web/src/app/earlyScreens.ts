/**
 * The screens people arrive on, by the address that opens them: the early script preloads the
 * opened screen's chunks beside the app's (docs/decisions/0017). A screen missing here still
 * loads, only after the app has run. Plain data, without imports: the build reads it too
 * (web/build/earlyScript.ts).
 *
 * `data`, which only the members' screens have, names the API paths the screen asks for first at
 * a plain address (no parameter but the tenant), which the early script asks for as soon as the
 * session says a member is signed in (docs/decisions/0019), and names them (`userId`). They must
 * be the very paths the screen's queries build, or the screen asks again once the app runs
 * (earlyScreens.test.ts compares them).
 */
export const EARLY_SCREENS: readonly {
  path: RegExp;
  module: string;
  data?: (match: RegExpExecArray, userId: number) => readonly string[];
}[] = [
  { path: /^\/$/, module: 'src/home/HomePage.tsx' },
  { path: /^\/signin\/?$/, module: 'src/auth/SignInPage.tsx' },
  {
    path: /^\/dashboard\/?$/,
    module: 'src/ideas/DashboardPage.tsx',
    data: () => ['/recommendations/ideas?page=1&page_size=10'],
  },
  {
    path: /^\/people\/?$/,
    module: 'src/people/PeoplePage.tsx',
    data: () => ['/users?page=1&page_size=10&sort_order=asc', '/users/count'],
  },
  {
    path: /^\/profile\/([^/]+)\/?$/,
    module: 'src/profiles/ProfilePage.tsx',
    data: ([, id = '']) =>
      /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? [`/profiles/${id}`] : [],
  },
  {
    path: /^\/update-profile\/?$/,
    module: 'src/profiles/UpdateProfilePage.tsx',
    data: (_match, userId) => [`/profiles/${userId}`],
  },
  {
    path: /^\/ideas\/([^/]+)\/?$/,
    module: 'src/ideas/IdeaDetailPage.tsx',
    data: ([, id = '']) => (/^[1-9]\d{0,9}$/.test(id) ? [`/ideas/${id}`] : []),
  },
];

/**
 * What every signed-in screen loads lazily as it first renders (the header's profile menu and
 * search field, the session services): preloaded for a member with the screen, so that rendering the screen does
 * not start a request the screen's first paint then waits for.
 */
export const SIGNED_IN_SHELL: readonly string[] = ['src/shell/signedInShell.ts'];

/** The `<meta>` of index.html that lists each early screen's chunks, and the signed-in shell's. */
export const SCREEN_CHUNKS_META = 'kindling-screen-chunks';
