import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { hourlyPeriod } from '../scheduler/periods.ts';
import type { DeploymentJob } from '../scheduler/scheduler.ts';
import { takeAbandonedUploads } from './abandoned-uploads.ts';
import { ABANDONED_UPLOAD_MS, removeFiles } from './uploads.ts';

/** Uploads forgotten per statement: a short transaction, however many have piled up. */
const BATCH = 200;
/**
 * Deletes abandoned uploads of every tenant: photos and logos chosen and never saved, which the
 * clean-up at the owner's next save would reach only if they ever saved again. Records first, then
 * the files once that has committed (a deletion cannot be rolled back; a file left behind is only
 * space, and logged). Runs hourly on the scheduler, once across processes; SKIP LOCKED keeps a
 * sweep apart from saves under way.
 */
export class UploadSweeper implements DeploymentJob {
  readonly name = 'upload-sweep';
  readonly period = hourlyPeriod;

  constructor(private readonly deps: Pick<Deps, 'database' | 'storage' | 'logger' | 'now'>) {}

  /** The first batch goes with the period's claim; the rest, and the files, after its commit. */
  async run(tx: Tx, now: Date) {
    const before = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
    const first = await takeAbandonedUploads(tx, before, BATCH);
    return () => this.sweepFrom(before, first);
  }

  /** One sweep to the end outside the schedule; answers how many uploads it removed. */
  sweep(): Promise<number> {
    return this.sweepFrom(new Date(this.deps.now().getTime() - ABANDONED_UPLOAD_MS), null);
  }

  private async sweepFrom(before: Date, first: string[] | null): Promise<number> {
    let removed = 0;
    let keys = first;
    try {
      for (;;) {
        keys ??= await takeAbandonedUploads(this.deps.database.db, before, BATCH);
        await removeFiles(this.deps, keys);
        removed += keys.length;
        if (keys.length < BATCH) break;
        keys = null;
      }
    } catch (error) {
      // The database away is the next sweep's problem; nothing was lost.
      this.deps.logger.warn({ err: error }, 'could not sweep abandoned uploads');
    }
    if (removed > 0) this.deps.logger.info({ removed }, 'removed abandoned uploads');
    return removed;
  }
}
