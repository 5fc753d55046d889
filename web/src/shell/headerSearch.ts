import { preloadableLazy } from './preloadableLazy.ts';

/**
 * The header's search field (CONTRACT §7), in the bar and in the drawer. Members only, so
 * visitors' first screens never carry it; preloaded with the profile menu (app/AppLayout.tsx).
 */
export const HeaderSearch = preloadableLazy(() =>
  import('./signedInShell.ts').then((m) => m.HeaderSearch),
);

/** The id of the field that `/` focuses. */
export const SEARCH_FIELD_ID = 'header-search';
