import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { tenants } from './db/schema-tenants.ts';
import { DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
import { type Assembled, assemble } from './deps.ts';

export interface RunningServer {
  deps: Deps;
  server: ServerType;
  url: string;
  stop(): Promise<void>;
}

/** CONTRACT §1: an empty development database gets the demo tenant, and the console says how in. */
async function seedDemoIfEmpty(deps: Deps) {
  const { config, logger } = deps;
  if (config.production) return;
  const [row] = await deps.database.db.select({ n: count() }).from(tenants);
  if ((row?.n ?? 0) > 0) return;
  const { tenantId } = await seedDemo(deps);
  logger.info({ tenantId }, 'seeded the demo tenant demo.localhost');
  const lines = [
    '',
    'Demo tenant seeded. Sign in with any of these (password Kindling!2026):',
    '  admin@demo.localhost    Staff, administrator',
    '  faculty@demo.localhost  Faculty',
    '  student@demo.localhost  Student',
    '',
  ];
  process.stdout.write(`${lines.join('\n').replace('Kindling!2026', DEMO_PASSWORD)}\n`);
}

/**
 * How long new requests are answered 503 before the listener closes: closing it resets every
 * connection still waiting to be accepted, so clients and load balancers are first told to go.
 */
const REFUSE_BEFORE_CLOSE_MS = 500;
/**
 * After that, the listener stays open until no connection has come for this long (at most
 * `QUIET_LIMIT_MS` more): a client still sending is told 503 rather than reset mid-connect.
 */
const QUIET_MS = 200;
const QUIET_LIMIT_MS = 5_000;
/** How long a connection that carries no request yet is given to send one after the listener closes. */
const IDLE_GRACE_MS = 1_000;
/** Past this, connections still open are cut so the process can exit. */
const DRAIN_LIMIT_MS = 25_000;
/**
 * How long an idle keep-alive connection is kept. Node's 5 s default races any client or proxy
 * that reuses a connection idle about that long: the server closes it as the request is sent, and
 * the client sees ECONNRESET (a journey met it). Proxies keep idle upstream connections up to 60 s
 * (AWS's load balancers, nginx's keepalive_timeout 75 s is the client side), so the backend keeps
 * them longer than that; drain() closes idle ones itself on shutdown.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * Stops taking connections and waits for the requests under way. http.Server#close would also cut
 * every idle connection at once, including one accepted a moment ago whose request is still on
 * its way; so only the listener is closed, answers from now on say `Connection: close`, and idle
 * connections are closed after a grace period.
 */
async function drain(server: Server): Promise<void> {
  server.on('request', (_req, res) => res.setHeader('connection', 'close'));
  let lastConnection = Date.now();
  server.on('connection', () => {
    lastConnection = Date.now();
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(REFUSE_BEFORE_CLOSE_MS);
  const giveUp = Date.now() + QUIET_LIMIT_MS;
  while (Date.now() - lastConnection < QUIET_MS && Date.now() < giveUp) {
    await pause(QUIET_MS - (Date.now() - lastConnection));
  }
  return new Promise<void>((resolve) => {
    const idle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
    const limit = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
    NetServer.prototype.close.call(server, () => {
      clearTimeout(idle);
      clearTimeout(limit);
      resolve();
    });
  });
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(config.database);
  let assembled: Assembled | undefined;
  try {
    await migrate(database);
    assembled = assemble(config, database, logger);
    await seedDemoIfEmpty(assembled.deps);
  } catch (error) {
    await assembled?.close();
    await database.close();
    throw error;
  }
  if (!config.smtpUrl) {
    logger.warn(
      config.production
        ? 'SMTP_URL is not set: mails stay queued in the outbox until it is'
        : 'SMTP_URL is not set: mails stay in the outbox; read them at /dev/mail',
    );
  }
  const { deps } = assembled;
  assembled.worker?.start();
  assembled.scheduler.start();
  const app = createApp(deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s),
    );
  });
  (server as Server).keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the time for a request's headers to exceed the keep-alive time.
  (server as Server).headersTimeout = KEEP_ALIVE_MS + 1_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  return {
    deps,
    server,
    url,
    async stop() {
      deps.lifecycle.draining = true;
      await drain(server as Server);
      await assembled.close();
      await database.close();
    },
  };
}
