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

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig().database);
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

async function tenantCreate(args: string[]) {
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
  const result = await withDatabase((database) =>
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
  console.log(`Created tenant ${domain} with administrator ${email}.`);
  console.log(JSON.stringify({ tenant_id: result.tenantId, admin_user_id: result.adminUserId }));
}

async function demo(args: string[]) {
  parse(args, {});
  const result = await withDatabase(async (database) => {
    const config = loadConfig();
    const assembled = assemble(config, database, createLogger(config.logLevel));
    try {
      return await seedDemo(assembled.deps);
    } finally {
      await assembled.close();
    }
  });
  console.log(
    result.created
      ? 'Seeded the demo tenant demo.localhost (sign in as admin@demo.localhost, faculty@demo.localhost or student@demo.localhost, password Kindling!2026).'
      : 'The demo tenant demo.localhost exists already; nothing was changed.',
  );
  console.log(JSON.stringify({ tenant_id: result.tenantId, created: result.created }));
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

async function seed(args: string[]) {
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
    progress: (line: string) => console.log(`seeding ${domain}: ${line}`),
  };
  if (options.ideas > 0 && options.people === 0) {
    throw new UsageError('--ideas needs --people: ideas are posted by the seeded members');
  }
  const summary = await withDatabase(async (database) => {
    const tenant = await tenantByDomain(database.db, domain);
    if (!tenant) throw new MissingTenantError(`No tenant has the domain ${domain}.`);
    return seedSynthetic(database.db, tenant.id, options);
  });
  console.log(JSON.stringify(summary));
}

class MissingTenantError extends Error {}

async function backupCommand(args: string[]) {
  const values = parse(args, { file: { type: 'string' } });
  const file = path.resolve(required(values, 'file'));
  await backup(loadConfig().database, file);
  console.log(`Backed up the database to ${file}.`);
  console.log(JSON.stringify({ file, bytes: statSync(file).size }));
}

async function restoreCommand(args: string[]) {
  const force = args.includes('--force');
  const values = parse(
    args.filter((arg) => arg !== '--force'),
    { file: { type: 'string' } },
  );
  const file = path.resolve(required(values, 'file'));
  const { keptAt } = await restore(loadConfig().database, file, { force });
  console.log(
    `Restored the database from ${file}.${keptAt ? ` The previous one is kept in ${keptAt}.` : ''}`,
  );
  console.log(JSON.stringify({ file, kept_at: keptAt }));
}

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    if (command === 'tenant' && rest[0] === 'create') await tenantCreate(rest.slice(1));
    else if (command === 'demo') await demo(rest);
    else if (command === 'seed') await seed(rest);
    else if (command === 'backup') await backupCommand(rest);
    else if (command === 'restore') await restoreCommand(rest);
    else throw new UsageError(`unknown command '${[command, ...rest.slice(0, 1)].join(' ')}'`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`Error: ${error.message}\nRun 'npm run cli -- --help' for usage.\n`);
      return 2;
    }
    if (
      error instanceof DomainTakenError ||
      error instanceof MissingTenantError ||
      error instanceof DatabaseLockedError ||
      error instanceof BackupError ||
      error instanceof ConfigError
    ) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    process.stderr.write(
      `Error: ${(error as Error).stack ?? error}${cause ? `\nCaused by: ${cause}` : ''}\n`,
    );
    return 1;
  }
}

process.exitCode = await run(process.argv.slice(2));
