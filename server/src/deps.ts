import type { Logger } from 'pino';
import { createRateLimits } from './auth/rate-limits.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import type { Database } from './db/client.ts';
import { TableMaintenance } from './db/table-maintenance.ts';
import { digestJobs } from './digests/service.ts';
import { FeedCounts } from './ideas/feed-counts.ts';
import { RankingCache } from './ideas/ranking-cache.ts';
import { Mailer } from './mail/mailer.ts';
import { OutboxWorker, type OutboxWorkerOptions, smtpSender } from './mail/worker.ts';
import { claimPruner } from './scheduler/claim-pruner.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { citationRefreshJob } from './scholarly/citations.ts';
import { lexiconCountJob } from './search/lexicon-job.ts';
import { SearchCounts } from './search/search-counts.ts';
import { MetadataRefresher } from './sso/metadata-refresh.ts';
import { storageFromConfig } from './storage/from-config.ts';
import { UploadSweeper } from './storage/upload-sweeper.ts';

export interface Assembled {
  deps: Deps;
  worker: OutboxWorker | null;
  /** Every periodic job: started by the server, not by tests, which tick it when they choose. */
  scheduler: Scheduler;
  /** The scheduler's hourly sweep of abandoned uploads, which tests also run on its own. */
  sweeper: UploadSweeper;
  /** Likewise: reads SAML providers' metadata URLs again daily. */
  refresher: MetadataRefresher;
  close(): Promise<void>;
}

/**
 * Wires the server's parts from configuration; the outbox worker runs only when SMTP is set, the
 * scheduler (digests, citation counts, the sweep of abandoned uploads, the refresh of SAML
 * metadata, the embedded database's analyse and vacuum) always.
 */
export function assemble(
  config: Config,
  database: Database,
  logger: Logger,
  workerOptions?: OutboxWorkerOptions,
): Assembled {
  const worker = config.smtpUrl
    ? new OutboxWorker(database.db, smtpSender(config.smtpUrl), logger, workerOptions)
    : null;
  const rateLimits = createRateLimits(config);
  const deps: Deps = {
    config,
    database,
    logger,
    mailer: new Mailer(config, worker),
    rateLimits,
    storage: storageFromConfig(config),
    now: () => new Date(),
    rankings: new RankingCache(),
    feedCounts: new FeedCounts(),
    searchCounts: new SearchCounts(),
    lifecycle: { draining: false },
  };
  const sweeper = new UploadSweeper(deps);
  const refresher = new MetadataRefresher(deps);
  const scheduler = new Scheduler(
    deps,
    {
      tenant: [...digestJobs(deps), citationRefreshJob(deps), lexiconCountJob()],
      deployment: [
        sweeper,
        refresher,
        claimPruner,
        // PostgreSQL's autovacuum does this on its own; the embedded database has none.
        ...(database.kind === 'pglite' ? [new TableMaintenance(deps)] : []),
      ],
    },
    config.schedulerEveryMs,
  );
  return {
    deps,
    worker,
    scheduler,
    sweeper,
    refresher,
    async close() {
      await scheduler.stop();
      await worker?.stop();
      await rateLimits.close();
    },
  };
}
