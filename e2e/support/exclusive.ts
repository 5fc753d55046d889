import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const folder = path.join(tmpdir(), 'kindling-e2e-locks');
/** A lock older than this was left by a run that died; it is taken over. */
const STALE_MS = 120_000;

/**
 * Runs `work` while no other journey on this machine runs work under the same name: for journeys
 * that change something every page shows (the demo tenant's branding), so the desktop and mobile
 * runs do not see each other's changes. `mkdir` is the atomic test-and-set.
 */
export async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  await mkdir(folder, { recursive: true });
  const lock = path.join(folder, `${name}-${process.env.E2E_PORT ?? 3100}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > STALE_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
