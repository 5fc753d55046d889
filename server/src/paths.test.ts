import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { defaultWebDist, demoDatasetFile, migrationsFolder } from './paths.ts';

it('names the files the server reads at run time where they are', () => {
  expect(existsSync(path.join(migrationsFolder, 'meta/_journal.json'))).toBe(true);
  expect(existsSync(demoDatasetFile)).toBe(true);
  expect(path.relative(migrationsFolder, defaultWebDist)).toBe(
    path.join('..', '..', 'web', 'dist'),
  );
});
