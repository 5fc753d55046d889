import Bowser from 'bowser';

/**
 * A session's browser and system in a member's words ("Chrome on macOS"), read from the User-Agent
 * the browser sent when it signed in. Bowser (docs/decisions/0037) keeps up with the browsers'
 * ever-changing strings so this screen does not have to.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  // Bowser names what it does not know with an empty string.
  const browser = parsed.browser.name || null;
  const system = parsed.os.name || null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
