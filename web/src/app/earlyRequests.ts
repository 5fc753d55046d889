/**
 * The app's second entry, which index.html loads beside the app's script: while that script
 * (about 100 KiB) is still downloading, instead of after it has run, it sends the session probe,
 * asks for the tenant the address names, and preloads the chunks of the screen the address opens
 * (docs/decisions/0017-one-stylesheet-and-early-requests.md); once the session says a member is
 * signed in, it asks for the opened screen's data too (docs/decisions/0019). prefetchStartup
 * takes the answers over. It imports only plain data, so it arrives and runs at once.
 */
import { EARLY_SCREENS, SCREEN_CHUNKS_META, SIGNED_IN_SHELL } from './earlyScreens.ts';

const send = (path: string): Promise<Response> => {
  const answer = fetch(`/api/v1${path}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  // The app reads the answer and reports its failure; until then a rejection is not unhandled.
  answer.catch(() => {});
  return answer;
};

const tenantDomain =
  new URLSearchParams(window.location.search).get('tenant')?.trim().toLowerCase() || null;
let session: Promise<Response> | undefined = send('/auth/session?optional=true');
let tenant: Promise<Response> | undefined = tenantDomain
  ? send(`/tenant?domain=${encodeURIComponent(tenantDomain)}`)
  : undefined;

// A signed-out probe answers 204 without a body; a member's session, 200 with it, naming them.
// The app reads the answer itself: this reads a copy.
const member = session
  .then(async (answer) =>
    answer.status === 200
      ? ((await answer.clone().json()) as { user: { userId: number } }).user.userId
      : null,
  )
  .catch(() => null);
const signedIn = member.then((userId) => userId !== null);

const screen = EARLY_SCREENS.flatMap(({ path, module, data }) => {
  const match = path.exec(window.location.pathname);
  return match ? [{ module, match, data }] : [];
})[0];
const plainAddress = [...new URLSearchParams(window.location.search).keys()].every(
  (name) => name === 'tenant',
);
// Which paths a screen asks for may depend on who is signed in (their own profile), so they are
// known with the session, and taking an answer waits for that; whether it asks for any does not.
const screenDataAsked =
  plainAddress && screen?.data !== undefined && screen.data(screen.match, 0).length > 0;
const screenData = new Map<string, Promise<Response>>();
let screenPaths =
  screenDataAsked && screen?.data
    ? member.then((userId) => {
        for (const path of userId === null ? [] : (screen.data?.(screen.match, userId) ?? [])) {
          screenData.set(path, send(path));
        }
        screenPaths = undefined;
      })
    : undefined;
let screenDataWaited = false;

function preload(modules: readonly string[]): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SCREEN_CHUNKS_META}"]`);
  if (!meta) return;
  const chunks = JSON.parse(meta.content) as Record<string, string[]>;
  for (const href of new Set(modules.flatMap((module) => chunks[module] ?? []))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = new URL(href, import.meta.url).href;
    document.head.append(link);
  }
}
if (screen) preload([screen.module]);
if (screen?.data) void signedIn.then((yes) => yes && preload(SIGNED_IN_SHELL));

/** The session probe sent at start-up, once: any later probe asks afresh. */
export function takeEarlySession(): Promise<Response> | undefined {
  const sent = session;
  session = undefined;
  return sent;
}

/** The start-up request for `domain`'s tenant, once, when the address named that tenant. */
export function takeEarlyTenant(domain: string): Promise<Response> | undefined {
  if (domain !== tenantDomain) return undefined;
  const sent = tenant;
  tenant = undefined;
  return sent;
}

/**
 * The answer to GET `path` (under /api/v1, with its query string) when the early script asked
 * for it as the opened screen's data, once; undefined inside the promise when it did not send it
 * after all (nobody was signed in).
 */
export function takeEarlyAnswer(path: string): Promise<Response | undefined> | undefined {
  if (screenPaths) return screenPaths.then(() => takeEarlyAnswer(path));
  const sent = screenData.get(path);
  screenData.delete(path);
  return sent;
}

/**
 * Whether the opened screen's data was asked for early, told once, to the first screen loader:
 * waiting for that data costs no round trip of its own.
 */
export function takeEarlyScreenData(): boolean {
  if (screenDataWaited) return false;
  screenDataWaited = true;
  return screenDataAsked;
}
