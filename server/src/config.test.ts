import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { SECRET_KEY: 'k'.repeat(40), DATA_DIR: '/tmp/kindling-config-test' };

describe('configuration', () => {
  it('has the defaults of CONTRACT §2', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      database: { kind: 'pglite', dataDir: '/tmp/kindling-config-test/db' },
      smtpUrl: null,
      s3: null,
      redis: null,
      trustProxy: 0,
    });
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('follows PORT in the public URL and adds ALLOWED_ORIGINS', () => {
    const config = loadConfig({
      ...base,
      PORT: '4100',
      ALLOWED_ORIGINS: 'https://ideas.uni.edu/, https://x.edu',
    });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.allowedOrigins).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
      'https://ideas.uni.edu',
      'https://x.edu',
    ]);
  });

  it('reads memory:// and postgres:// database URLs', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: null,
    });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h:5432/d' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/d',
    });
  });

  it.each([
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['PORT', 'eighty'],
    ['PUBLIC_URL', 'ftp://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', '-1'],
  ])('a bad %s stops start-up with one line naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, [name]: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid ${name}:`)).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' })).toThrow(
      /Invalid SECRET_KEY/,
    );
  });

  it('has no 127.0.0.1 twin origin in production', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production' });
    expect(config.allowedOrigins).toEqual(['http://localhost:3000']);
  });
});
