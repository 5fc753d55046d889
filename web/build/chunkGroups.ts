/**
 * Two chunks the build makes by hand, because the automatic chunking cuts shared code into many
 * small chunks (each module that several lazy screens import becomes its own), which compress
 * worse and cost a request each. Measured on the sign-in screen, together about 6 KiB gzip less.
 * (docs/decisions/0011-first-screen-script-budget.md)
 */

/**
 * Libraries the shell itself runs on; anything else a screen needs loads with that screen. The
 * parts of TanStack Query only screens use (mutations, several queries at once, infinite lists,
 * hydration) stay out, or every page would carry them.
 */
const SHELL_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|use-sync-external-store)[\\/](?!.*(mutationObserver|queriesObserver|infiniteQueryObserver|useMutation|useQueries|useInfiniteQuery|useSuspense|usePrefetch|useIsFetching|useMutationState|Hydration|hydration))/;
/**
 * The contract modules the shell reads constants from (never the schema modules, which need zod),
 * Vite's helper that preloads a lazy screen's chunks, and the screens' icons, which home shares
 * with the signed-in screens (in a chunk of their own they cost every first screen a request).
 */
const SHELL_HELPERS =
  /contract[\\/]src[\\/](limits|errors)\.ts$|vite[\\/]preload-helper|web[\\/]src[\\/]shell[\\/]screenIcons\.|zod[\\/]v4[\\/]core[\\/](core|util)\.js$/;
const WEB_SOURCE = /[\\/]web[\\/]src[\\/]/;

/**
 * The form parts every form screen uses, sign-in first among them; not the select, the combo box,
 * the code boxes, the password guidelines or the entry lists, which only some screens show (an
 * entry list brings react-hook-form's field arrays, which sign-in does without), nor the form
 * mutation and its server-error mapping, which bring TanStack Query's mutations (sign-in posts
 * through its own small hook).
 */
const FORM_KIT =
  /web[\\/]src[\\/](forms[\\/](?!SelectField|ComboBoxField|CodeInput|PasswordGuidelines|EntryList|EntryRow|useLimitNotice|useFormMutation|serverErrors)|shell[\\/]CardPage|auth[\\/](authMessages|authApi|signInProblem)|lookups[\\/]referenceLists)/;

/**
 * Small modules that several signed-in screens share: the screen frame, the member's photo and
 * role, the selects, the list kit, the feed's, people's and profile's helpers. Left to the automatic chunking each became a chunk of under 2 KiB, and a screen's first paint
 * waited for a dozen requests after its own: on HTTP/1.1's six connections each costs a round trip
 * (docs/decisions/0054). Form parts, dialogs' contents and schemas stay out: only the screens
 * that use them load them.
 */
const SCREEN_KIT =
  /web[\\/]src[\\/](shell[\\/](Screen|Avatar|MenuButton|anchoredPopup|ModalDialog|BackButton)|people[\\/](PersonPhoto|RoleIcon|ClearableSelect|PersonCard)|forms[\\/](SelectField|ComboBoxField)|lookups[\\/](pickable|roles)|ideas[\\/](ideaIcons|ideasApi|feedSearch|ideaProblems|ideaOwnership|SupportChips|PostIdeaButton|useIdea|IdeaProblemScreen|IdeaPageSkeleton|IdeaGrid|IdeaCard|EmptyState|FollowButton|useFollow|ideaText|BackButton)|lists[\\/](urlState|useUrlState|useBackToFirstPage|Pager|pageNumbers|FilterChips|SearchBox|useDebounced)|search[\\/](searchApi|Highlight|highlights)|profiles[\\/](profileApi|profileProblems|periods|photoRules)|format[\\/]dates)\.|contract[\\/]src[\\/](ideaMessages|profileMessages|scholarlyMessages|orcid|doi)\.|@tanstack[\\/].*(useMutation|mutationObserver)\./;

/**
 * react-hook-form and the parts of forms that only the signed-in screens' forms use (entry lists,
 * a form's mutation and its server errors): the screens that show no form, which most members
 * open first, load none of it.
 */
const SCREEN_FORM_KIT =
  /node_modules[\\/]react-hook-form[\\/]|web[\\/]src[\\/]forms[\\/](EntryList|EntryRow|useLimitNotice|useFormMutation|serverErrors)\./;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * `app`: the web modules the entry imports statically, and the shell's libraries; not the early
 * requests, an entry of their own that must not wait for the app.
 */
function firstScreenModules(entry: string, early: string) {
  let shell: Set<string> | undefined;
  const shellOf = (graph: ModuleGraph) => {
    if (shell) return shell;
    shell = new Set();
    const pending = [entry];
    // Followed through web sources only, so a lazy screen's own modules stay with it.
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shell.has(id) || id === early || !WEB_SOURCE.test(id)) continue;
      shell.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return shell;
  };
  return (id: string, graph: ModuleGraph): string | null =>
    shellOf(graph).has(id) || SHELL_LIBRARIES.test(id) || SHELL_HELPERS.test(id) ? 'app' : null;
}

/**
 * The groups for rolldown's `output.codeSplitting.groups`, for the app whose entry is `entry` and
 * whose early requests' entry is `early`.
 */
export function chunkGroups(entry: string, early: string) {
  return [
    { debugName: 'app', name: firstScreenModules(entry, early) },
    { name: 'forms', test: FORM_KIT },
    { name: 'screens', test: SCREEN_KIT, minShareCount: 2 },
    { name: 'screenForms', test: SCREEN_FORM_KIT, minShareCount: 2 },
  ];
}
