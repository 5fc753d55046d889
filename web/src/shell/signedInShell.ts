/**
 * What the layout adds around a member's screen, loaded lazily (visitors' first screens never
 * carry it) and as one chunk: the header's profile menu and search field and the session
 * services. Every signed-in screen loads all three, so one request serves them
 * (docs/decisions/0054).
 */
export { SignedInServices } from '../auth/SignedInServices.tsx';
export { HeaderSearch } from '../search/HeaderSearch.tsx';
export { ProfileMenu } from './ProfileMenu.tsx';
