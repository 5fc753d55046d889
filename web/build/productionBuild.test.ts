import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '..');
const nodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = nodeEnv;
});

it.each(['development', 'test', 'staging'])(
  'makes a production build when NODE_ENV is %s',
  async (value) => {
    process.env.NODE_ENV = value;
    const config = await resolveConfig(
      { root: web, configFile: path.join(web, 'vite.config.ts'), logLevel: 'silent' },
      'build',
    );
    expect(config.isProduction).toBe(true);
  },
);
