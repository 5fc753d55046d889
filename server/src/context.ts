import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

/** What the server is built from; tests build it with their own database and clock. */
export interface Deps {
  config: Config;
  database: Database;
  logger: Logger;
  now: () => Date;
}

/** The signed-in member, resolved from the session cookie before any route runs. */
export interface SessionContext {
  sessionId: number;
  tenantId: number;
  userId: number;
  subject: string;
  permissions: string[];
  remember: boolean;
  issuedAt: Date;
  expiresAt: Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    clientAddress: string;
    session: SessionContext | null;
  };
}
