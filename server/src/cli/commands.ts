import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EMAIL_PATTERN, isStrongPassword, messages } from '@kindling/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, DatabaseLockedError, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { tenantByDomain } from '../db/system.ts';
import { seedDemo } from '../demo/seed.ts';
import { seedSynthetic } from '../demo/synthetic.ts';
import { assemble } from '../deps.ts';
import { createLogger } from '../logger.ts';
import { BackupError, backup, restore } from '../ops/backup.ts';
import { createTenant, DOMAIN_PATTERN, DomainTakenError } from '../tenants/service.ts';

const HELP = `Kindling command line

Usage: npm run cli -- <command> [options]

Commands:
  tenant create --domain D --name N --admin-email E --admin-password P [--admin-first F] [--admin-last L]
      Creates a tenant with its default roles, lookups, branding and terms, and an approved, active
      administrator. Prints {"tenant_id", "admin_user_id"} as the last line.
  demo
      Seeds the demo tenant demo.localhost; does nothing when it exists.
  seed --domain D --people N --ideas M [--follows K] [--seed S]
      Adds reproducible synthetic members (person{n}@D, password Kindling!2026), ideas and follows
      to an existing tenant, for benchmarks. Prints progress and, last, a JSON summary.
  backup --file F
      Writes a backup of the whole database to F: pg_dump's custom format with DATABASE_URL, else a
      gzipped dump of the embedded database (stop the server first).
  restore --file F [--force]
      Replaces the database with the backup in F, then migrates it. The embedded database is only
      replaced with --force, and its current folder is kept beside it.
  --help
      Shows this help.

Every command migrates the configured database first (DATABASE_URL, else the embedded one in DATA_DIR).
`;

/**
 * Where a command reads its configuration and writes its answers: the process's own when run as
 * `npm run cli`, a test's when the test calls `run` in its own process.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** A mistake in the command line: printed with the help hint, exit code 2. */
class UsageError extends Error {}

function parse(args: string[], options: Record<string, { type: 'string' }>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | undefined
    >;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function withDatabase<T>(io: CliIo, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig(io.env).database);
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

async function tenantCreate(args: string[], io: CliIo) {
  const values = parse(args, {
    domain: { type: 'string' },
    name: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    'admin-first': { type: 'string' },
    'admin-last': { type: 'string' },
  });
  const domain = required(values, 'domain').toLowerCase();
  const name = required(values, 'name');
  const email = required(values, 'admin-email');
  const password = values['admin-password'] ?? '';
  if (!DOMAIN_PATTERN.test(domain))
    throw new UsageError(`--domain '${domain}' is not a domain name`);
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`--admin-email: ${messages.validEmail}`);
  if (!isStrongPassword(password)) throw new UsageError(`--admin-password: ${messages.password}`);
  const result = await withDatabase(io, (database) =>
    createTenant(database.db, {
      domain,
      name,
      admin: {
        email,
        password,
        firstName: values['admin-first']?.trim() || 'Tenant',
        lastName: values['admin-last']?.trim() || 'Administrator',
      },
    }),
  );
  io.out(`Created tenant ${domain} with administrator ${email}.\n`);
  io.out(`${JSON.stringify({ tenant_id: result.tenantId, admin_user_id: result.adminUserId })}\n`);
}

async function demo(args: string[], io: CliIo) {
  parse(args, {});
  const result = await withDatabase(io, async (database) => {
    const config = loadConfig(io.env);
    const assembled = assemble(config, database, createLogger(config.logLevel));
    try {
      return await seedDemo(assembled.deps);
    } finally {
      await assembled.close();
    }
  });
  io.out(
    result.created
      ? 'Seeded the demo tenant demo.localhost (sign in as admin@demo.localhost, faculty@demo.localhost or student@demo.localhost, password Kindling!2026).\n'
      : 'The demo tenant demo.localhost exists already; nothing was changed.\n',
  );
  io.out(`${JSON.stringify({ tenant_id: result.tenantId, created: result.created })}\n`);
}

function count(
  values: Record<string, string | undefined>,
  name: string,
  fallback?: number,
): number {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  if (!/^\d+$/.test(raw) || Number(raw) > 10_000_000) {
    throw new UsageError(`--${name} must be a whole number from 0 to 10000000`);
  }
  return Number(raw);
}

async function seed(args: string[], io: CliIo) {
  const values = parse(args, {
    domain: { type: 'string' },
    people: { type: 'string' },
    ideas: { type: 'string' },
    follows: { type: 'string' },
    seed: { type: 'string' },
  });
  const domain = required(values, 'domain').toLowerCase();
  const options = {
    people: count(values, 'people'),
    ideas: count(values, 'ideas'),
    follows: count(values, 'follows', 0),
    seed: count(values, 'seed', 1),
    progress: (line: string) => io.out(`seeding ${domain}: ${line}\n`),
  };
  if (options.ideas > 0 && options.people === 0) {
    throw new UsageError('--ideas needs --people: ideas are posted by the seeded members');
  }
  const summary = await withDatabase(io, async (database) => {
    const tenant = await tenantByDomain(database.db, domain);
    if (!tenant) throw new MissingTenantError(`No tenant has the domain ${domain}.`);
    return seedSynthetic(database.db, tenant.id, options);
  });
  io.out(`${JSON.stringify(summary)}\n`);
}

class MissingTenantError extends Error {}

async function backupCommand(args: string[], io: CliIo) {
  const values = parse(args, { file: { type: 'string' } });
  const file = path.resolve(required(values, 'file'));
  await backup(loadConfig(io.env).database, file);
  io.out(`Backed up the database to ${file}.\n`);
  io.out(`${JSON.stringify({ file, bytes: statSync(file).size })}\n`);
}

async function restoreCommand(args: string[], io: CliIo) {
  const force = args.includes('--force');
  const values = parse(
    args.filter((arg) => arg !== '--force'),
    { file: { type: 'string' } },
  );
  const file = path.resolve(required(values, 'file'));
  const { keptAt } = await restore(loadConfig(io.env).database, file, { force });
  io.out(
    `Restored the database from ${file}.${keptAt ? ` The previous one is kept in ${keptAt}.` : ''}\n`,
  );
  io.out(`${JSON.stringify({ file, kept_at: keptAt })}\n`);
}

/** Runs one command line; answers the process's exit code (0, 1 for a failure, 2 for a usage mistake). */
export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      io.out(HELP);
      return 0;
    }
    if (command === 'tenant' && rest[0] === 'create') await tenantCreate(rest.slice(1), io);
    else if (command === 'demo') await demo(rest, io);
    else if (command === 'seed') await seed(rest, io);
    else if (command === 'backup') await backupCommand(rest, io);
    else if (command === 'restore') await restoreCommand(rest, io);
    else throw new UsageError(`unknown command '${[command, ...rest.slice(0, 1)].join(' ')}'`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`Error: ${error.message}\nRun 'npm run cli -- --help' for usage.\n`);
      return 2;
    }
    if (
      error instanceof DomainTakenError ||
      error instanceof MissingTenantError ||
      error instanceof DatabaseLockedError ||
      error instanceof BackupError ||
      error instanceof ConfigError
    ) {
      io.err(`Error: ${error.message}\n`);
      return 1;
    }
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    io.err(`Error: ${(error as Error).stack ?? error}${cause ? `\nCaused by: ${cause}` : ''}\n`);
    return 1;
  }
}
