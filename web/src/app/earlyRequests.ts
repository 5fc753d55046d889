/**
 * The app's second entry, which index.html loads beside the app's script: while that script
 * (about 100 KiB) is still downloading, instead of after it has run, it sends the session probe,
 * asks for the tenant the address names, and preloads the chunks of the screen the address opens
 * (docs/decisions/0017-one-stylesheet-and-early-requests.md). prefetchStartup takes the
 * answers over. It imports only plain data, so it arrives and runs at once.
 */
import { EARLY_SCREENS, SCREEN_CHUNKS_META } from './earlyScreens.ts';

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

function preloadScreen(): void {
  const screen = EARLY_SCREENS.find(({ path }) => path.test(window.location.pathname));
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SCREEN_CHUNKS_META}"]`);
  if (!screen || !meta) return;
  const chunks = (JSON.parse(meta.content) as Record<string, string[]>)[screen.module] ?? [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
preloadScreen();

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
