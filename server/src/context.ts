import type { Logger } from 'pino';
import type { RateLimits } from './auth/rate-limits.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { TenantRow } from './db/schema-tenants.ts';
import type { FeedCounts } from './ideas/feed-counts.ts';
import type { RankingCache } from './ideas/ranking-cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SearchCounts } from './search/search-counts.ts';
import type { SessionContext } from './session-context.ts';
import type { Storage } from './storage/port.ts';

/** What the server is built from; tests build it with their own database and clock. */
export interface Deps {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  rateLimits: RateLimits;
  storage: Storage;
  now: () => Date;
  /** The recommended feed's rankings of this process (ideas/ranking-cache.ts). */
  rankings: RankingCache;
  /** The filtered feed's counts of this process, kept while the data stands (ideas/feed-counts.ts). */
  feedCounts: FeedCounts;
  searchCounts: SearchCounts;
  /** Set when shutdown begins: new requests are then refused with 503 while the rest finish. */
  lifecycle: { draining: boolean };
}

export type { SessionContext };

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The request's logger, bound to its request id; made on first use. */
    log: () => Logger;
    clientAddress: string;
    session: SessionContext | null;
    /** The tenant a public call named (see http/tenant-context.ts); signed-in calls use the session's. */
    tenant: TenantRow | null;
  };
}
