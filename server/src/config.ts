import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Thrown with one line naming the variable, so start-up can print it and stop (CONTRACT §2). */
export class ConfigError extends Error {}

const url = (schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL with scheme ${schemes.join(' or ')}` },
  );

const port = z.coerce.number().int().min(0).max(65535);

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).optional(),
  DATABASE_URL: url(['postgres', 'postgresql', 'memory']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().email().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: url(['http', 'https']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_PREFIX: z.string().default('kindling:'),
  ORCID_API_URL: url(['http', 'https']).default('https://pub.orcid.org'),
  CROSSREF_API_URL: url(['http', 'https']).default('https://api.crossref.org'),
  OPENALEX_API_URL: url(['http', 'https']).default('https://api.openalex.org'),
  OPENALEX_API_KEY: z.string().min(1).optional(),
  ORCID_URL: url(['http', 'https']).default('https://orcid.org'),
  ORCID_CLIENT_ID: z.string().min(1).optional(),
  ORCID_CLIENT_SECRET: z.string().min(1).optional(),
  /** Test hook: how often the scheduler looks for work; ignored in production. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string };

export interface Config {
  production: boolean;
  /**
   * Where requests to identity providers may go (outbound/network.ts, CONTRACT §8): anywhere in
   * development; https to public addresses in production; that and the loopback address otherwise.
   */
  providerNetwork: 'open' | 'loopback' | 'public';
  port: number;
  host: string;
  publicUrl: string;
  allowedOrigins: string[];
  secretKey: string;
  trustProxy: number;
  database: DatabaseConfig;
  dataDir: string;
  smtpUrl: string | null;
  mailFrom: string | null;
  s3: {
    bucket: string;
    endpoint: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    publicUrl: string | null;
  } | null;
  redis: { url: string; prefix: string } | null;
  logLevel: string;
  /** How often the scheduler looks for periods due (scheduler/scheduler.ts): each minute. */
  schedulerEveryMs: number;
  /** The outside sources of scholarly profiles (CONTRACT §10), each base URL without a final slash. */
  scholarly: {
    orcidApiUrl: string;
    crossrefApiUrl: string;
    openalexApiUrl: string;
    openalexApiKey: string | null;
    /** How long one call to a source may take: 10 s (CONTRACT §10); tests shorten it. */
    timeoutMs: number;
    /** ORCID's sign-in (its OpenID Connect issuer): https://orcid.org, or its sandbox. */
    orcidUrl: string;
    /** ORCID's own sign-in, which marks a linked iD verified; null where the deployment has none. */
    orcidClient: { id: string; secret: string } | null;
  };
}

function origin(value: string): string {
  return new URL(value).origin;
}

/** In development the secret is generated once and kept beside the data, so restarts keep sessions. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (production && !e.SECRET_KEY) {
    throw new ConfigError('Invalid SECRET_KEY: required in production (at least 32 characters)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const allowedOrigins = new Set([origin(publicUrl)]);
  if (!production) {
    const twin = new URL(publicUrl);
    if (twin.hostname === 'localhost') {
      twin.hostname = '127.0.0.1';
      allowedOrigins.add(twin.origin);
    }
  }
  for (const item of (e.ALLOWED_ORIGINS ?? '').split(',')) {
    const value = item.trim();
    if (!value) continue;
    try {
      allowedOrigins.add(origin(value));
    } catch {
      throw new ConfigError(`Invalid ALLOWED_ORIGINS: '${value}' is not a URL`);
    }
  }
  let database: DatabaseConfig;
  if (!e.DATABASE_URL) database = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  else if (e.DATABASE_URL.startsWith('memory:')) database = { kind: 'pglite', dataDir: null };
  else database = { kind: 'postgres', url: e.DATABASE_URL };

  return {
    production,
    providerNetwork: production ? 'public' : e.NODE_ENV === 'development' ? 'open' : 'loopback',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    allowedOrigins: [...allowedOrigins],
    secretKey: e.SECRET_KEY ?? developmentSecret(dataDir),
    trustProxy: e.TRUST_PROXY ?? 0,
    database,
    dataDir,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          publicUrl: e.S3_PUBLIC_URL ?? null,
        }
      : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    // Fault tests run two processes whose schedules must meet within seconds, not minutes.
    schedulerEveryMs: (production ? undefined : e.SCHEDULER_TICK_MS) ?? 60_000,
    scholarly: {
      orcidApiUrl: e.ORCID_API_URL.replace(/\/+$/, ''),
      orcidUrl: e.ORCID_URL.replace(/\/+$/, ''),
      crossrefApiUrl: e.CROSSREF_API_URL.replace(/\/+$/, ''),
      openalexApiUrl: e.OPENALEX_API_URL.replace(/\/+$/, ''),
      openalexApiKey: e.OPENALEX_API_KEY ?? null,
      timeoutMs: 10_000,
      orcidClient:
        e.ORCID_CLIENT_ID && e.ORCID_CLIENT_SECRET
          ? { id: e.ORCID_CLIENT_ID, secret: e.ORCID_CLIENT_SECRET }
          : null,
    },
  };
}
