import type { Deps } from '../context.ts';
import { takeAbandonedUploads } from './abandoned-uploads.ts';
import { ABANDONED_UPLOAD_MS, removeFiles } from './uploads.ts';

/** Uploads forgotten per statement: a short transaction, however many have piled up. */
const BATCH = 200;
/** How often each process sweeps; several processes sweeping is harmless (SKIP LOCKED). */
const EVERY_MS = 60 * 60 * 1000;
/** The first sweep waits for start-up to be over, and for the first requests. */
const FIRST_AFTER_MS = 60 * 1000;

/**
 * Deletes abandoned uploads of every tenant: photos and logos chosen and never saved, which the
 * clean-up at the owner's next save would reach only if they ever saved again. Records first, then
 * the files once that has committed (a deletion cannot be rolled back; a file left behind is only
 * space, and logged).
 */
export class UploadSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly deps: Pick<Deps, 'database' | 'storage' | 'logger' | 'now'>) {}

  start(): void {
    const schedule = (ms: number) => {
      this.timer = setTimeout(() => {
        void this.sweep().finally(() => {
          if (!this.stopped) schedule(EVERY_MS);
        });
      }, ms);
      this.timer.unref();
    };
    schedule(FIRST_AFTER_MS);
  }

  /** One sweep to the end; answers how many uploads it removed. */
  sweep(): Promise<number> {
    this.running ??= this.sweepAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async sweepAll(): Promise<number> {
    const before = new Date(this.deps.now().getTime() - ABANDONED_UPLOAD_MS);
    let removed = 0;
    try {
      for (;;) {
        const keys = await takeAbandonedUploads(this.deps.database.db, before, BATCH);
        await removeFiles(this.deps, keys);
        removed += keys.length;
        if (keys.length < BATCH || this.stopped) break;
      }
    } catch (error) {
      // The database away is the next sweep's problem; nothing was lost.
      this.deps.logger.warn({ err: error }, 'could not sweep abandoned uploads');
    }
    if (removed > 0) this.deps.logger.info({ removed }, 'removed abandoned uploads');
    return removed;
  }
}
