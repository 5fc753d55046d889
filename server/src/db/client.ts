import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { z } from 'zod';
import type { DatabaseConfig } from '../config.ts';
import { preparingPglite } from './pglite-prepared.ts';
import { statementName } from './statement-names.ts';

/**
 * No schema is given to drizzle: only its relational queries (`db.query.…`), which nothing uses,
 * need one, and with it every transaction built a query builder per table (decision 0044).
 */
type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a whole database or a transaction: what repositories accept. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
  /**
   * The embedded database's folder as a tar, gzipped unless told otherwise (backups; the tests'
   * template is not); PostgreSQL has pg_dump instead.
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

export class DatabaseLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock and two writers corrupt the folder, so one process holds a lock
 * file with its PID; a lock whose process is gone is taken over.
 */
function takeLock(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop the server first, or use the administration API.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}.`);
}

const extensions = { pg_trgm, unaccent, btree_gin, fuzzystrmatch };

/** The embedded database, which can always dump its folder. */
type EmbeddedDatabase = Database & Required<Pick<Database, 'dumpDataDir'>>;

export async function openPglite(
  dataDir: string | null,
  loadDataDir?: Blob,
): Promise<EmbeddedDatabase> {
  const release = dataDir ? takeLock(dataDir) : () => {};
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions,
    });
    // drizzle's driver uses only what PgliteClient names of the instance it is given.
    const db = drizzlePglite({
      client: preparingPglite(client) as unknown as PGlite,
    }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Writes committed through PostgreSQL by this process, counted once each is: the session
 * middleware's cache drops what it holds when the count moves (decision 0044).
 */
let writesCommitted = 0;

export function committedWrites(): number {
  return writesCommitted;
}

/** Statements that change no row: reads (the tables' functions called by selects only read) and transaction control. */
const CHANGES_NOTHING = /^\s*(select|begin|commit|rollback|savepoint|release)\b/i;

/** Reads that take locks or change something all the same: their transaction's `commit` goes out at once. */
const LOCKS_OR_CHANGES =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|advisory|nextval|setval|pg_notify/i;

/** What a deferred `begin`, or a `commit` or `rollback` of a transaction that ran nothing, answers. */
const NOTHING_SENT = Object.freeze({ command: null, rowCount: 0, rows: [], fields: [] });

/**
 * The statement that binds a transaction to its tenant (db/tenant-scope.ts). Its parameters are
 * the tenant id and two constants, so it can be sent as text together with the `begin` before it.
 */
const BIND_TENANT = /^select set_config\('app\.tenant_id', \$1, true\)/;

/**
 * A connection that saves PostgreSQL work on every request in two ways.
 *
 * It prepares every parameterised statement under a name derived from its text, so PostgreSQL
 * parses and plans it once per connection instead of on every request: planning the feed's page
 * costs six times its execution. Texts therefore must not vary with the data (lists go in as one
 * array parameter, `= any(...)`). Statements without parameters (transaction control,
 * migrations' multi-statement scripts) run as they are.
 *
 * And it holds back a transaction's `begin` until its first statement, and sends the two in one
 * message when that statement binds the tenant: every request's transaction begins that way, and
 * a round trip over loopback TCP costs more CPU than that short statement (decision 0020). The
 * binding is held back in turn and written together with the statement after it, in pipeline
 * mode; and the `commit` of a transaction that only read is held back too, to go out with the
 * connection's next statement, or alone at the event loop's next turn if none comes first. A
 * signed-in read thus costs one round trip instead of three (decision 0044). A transaction that
 * ran nothing sends nothing, not even its `commit`.
 */
class PreparingClient extends pg.Client {
  #beginHeld = false;
  /** The `begin` and tenant binding, as one simple query, waiting for the statement after them. */
  #opening: string | null = null;
  #inTransaction = false;
  /** Whether the open transaction has sent a statement that may change rows. */
  #wrote = false;
  /** Whether it has sent nothing but reads that take no lock: its `commit` can wait. */
  #onlyRead = true;
  /** A read-only transaction's `commit`, not sent yet: the server holds its snapshot until then. */
  #commitHeld = false;

  /** Whether statements handed over in this turn of the event loop are being gathered. */
  #gathering = false;

  /** Counts a write once it is committed: at its transaction's end, or at its own outside one. */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query has many overloads.
  override query(config: any, values?: any, callback?: any): any {
    this.#gather();
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string' || !this.#commitsWrite(text)) {
      return this.#send(config, values, callback);
    }
    if (typeof callback === 'function') {
      return this.#send(config, values, (error: unknown, result: unknown) => {
        writesCommitted++;
        callback(error, result);
      });
    }
    return (this.#send(config, values) as Promise<unknown>).finally(() => {
      writesCommitted++;
    });
  }

  /** Whether `text`, once answered, ends a write: a write outside a transaction, or the commit of one that wrote. */
  #commitsWrite(text: string): boolean {
    if (/^begin\b/i.test(text)) {
      this.#inTransaction = true;
      this.#onlyRead = true;
      return false;
    }
    if (text === 'commit' || text === 'rollback') {
      const wrote = this.#wrote;
      this.#inTransaction = false;
      this.#wrote = false;
      return wrote;
    }
    const changesNothing = CHANGES_NOTHING.test(text);
    if (!changesNothing || LOCKS_OR_CHANGES.test(text)) this.#onlyRead = false;
    if (changesNothing) return false;
    if (!this.#inTransaction) return true;
    this.#wrote = true;
    return false;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as query().
  #send(config: any, values?: any, callback?: any): any {
    const parameters = Array.isArray(values) ? values : config?.values;
    const text = typeof config === 'string' ? config : config?.text;
    // Only drizzle's transactions use the promise form for these; pool.query passes a callback.
    if (callback === undefined && typeof text === 'string') {
      if (text === 'begin' && !this.#beginHeld && this.#opening === null) {
        this.#beginHeld = true;
        return Promise.resolve(NOTHING_SENT);
      }
      if (this.#beginHeld) {
        this.#beginHeld = false;
        if (text === 'commit' || text === 'rollback') return Promise.resolve(NOTHING_SENT);
        if (BIND_TENANT.test(text) && parameters?.length > 0) {
          const inline = text.replace(/\$(\d+)/g, (_: string, n: string) =>
            this.escapeLiteral(String(parameters[Number(n) - 1])),
          );
          // Nobody reads the binding's result; an error in it fails the statement sent with it.
          this.#opening = `begin; ${inline}`;
          return Promise.resolve(NOTHING_SENT);
        }
        return this.#out(() => super.query('begin')).then(() => this.#send(config, values));
      }
      if (this.#opening !== null) {
        const opening = this.#opening;
        this.#opening = null;
        // Bound and nothing more: the binding changes nothing outside its transaction.
        if (text === 'commit' || text === 'rollback') return Promise.resolve(NOTHING_SENT);
        return this.#withOpening(opening, config, values);
      }
      if (text === 'commit' && this.#onlyRead) {
        // It read and locked nothing, so its end changes nothing another connection can see.
        this.#commitHeld = true;
        setImmediate(() => this.#out(() => undefined));
        return Promise.resolve(NOTHING_SENT);
      }
    }
    const name =
      typeof text === 'string' && !config?.name && parameters?.length > 0
        ? statementName(text)
        : undefined;
    if (!name) return this.#out(() => super.query(config, values, callback));
    const named = typeof config === 'string' ? { text, name } : { ...config, name };
    return this.#out(() => super.query(named, values, callback));
  }

  /** Runs `send`, after the held `commit` if there is one, both in one write to the socket. */
  #out<T>(send: () => T): T {
    if (!this.#commitHeld) return send();
    this.#commitHeld = false;
    const socket = this.#socket();
    socket.cork();
    try {
      // A read-only commit fails only with its connection, and then so does what follows it.
      super.query('commit').catch(() => {});
      return send();
    } finally {
      socket.uncork();
    }
  }

  /**
   * Statements handed over in one turn, such as a page's and its count's sent together
   * (`Promise.all`), go out in one write: the socket is corked until the turn's microtasks have
   * run. In pipeline mode none of them waits for another's answer.
   */
  #gather() {
    if (this.#gathering) return;
    const socket = this.#socket();
    this.#gathering = true;
    socket.cork();
    process.nextTick(() => {
      this.#gathering = false;
      socket.uncork();
    });
  }

  #socket(): Writable {
    return (this as unknown as { connection: { stream: Writable } }).connection.stream;
  }

  /**
   * The held `begin` and binding and then `config`, written to the socket at once: the pool's
   * clients run in pipeline mode, so the second goes out without waiting for the first's answer,
   * and PostgreSQL runs them in order. Answers `config`'s result, or the first error.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as query().
  #withOpening(opening: string, config: any, values: any): Promise<unknown> {
    const socket = this.#socket();
    socket.cork();
    try {
      const opened: Promise<unknown> = this.#out(() => super.query(opening));
      const statement: Promise<unknown> = this.#send(config, values);
      return Promise.all([opened, statement]).then(([, result]) => result);
    } finally {
      socket.uncork();
    }
  }
}

export async function openPostgres(url: string, max = 20): Promise<Database> {
  // Short statements, many at once: no JIT compilation, which costs milliseconds and which a
  // generic plan's rough estimates can make look worth it, and no parallel workers, which a
  // filtered count started at 50 concurrent requests on two cores (decision 0026).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: PreparingClient,
    // Statements are written without waiting for the one before to be answered; drizzle awaits
    // each, so only PreparingClient's held binding and its next statement ever travel together.
    pipeline: true,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // A lost connection (server restart, network cut) must not crash the process: the pool reports
  // it for idle clients, each client for itself while checked out; the query under way rejects
  // anyway and its request answers 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  return { kind: 'postgres', db, close: () => pool.end() };
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
}

/** Checks a raw statement's rows against their declared shape; see `queryRows`. */
type RowCheck = (shape: z.ZodType, rows: unknown[]) => void;
let rowCheck: RowCheck | undefined;

/** The server tests check every shaped read's rows (test/row-shapes.ts); production never does. */
export function checkRowsWith(check: RowCheck | undefined): void {
  rowCheck = check;
}

/**
 * Rows of a raw SQL statement, typed by their shape: a zod schema declared beside the statement
 * (`z.strictObject`). Both drivers answer `{ rows }`, which the shared type hides; there is no
 * unshaped form, so no raw read goes unchecked. The tests check what each engine really returns
 * against the shape; requests pay nothing for it.
 */
export async function queryRows<S extends z.ZodType>(
  db: Executor,
  query: SQL,
  shape: S,
): Promise<z.output<S>[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: z.output<S>[] };
  rowCheck?.(shape, rows);
  return rows;
}
