import { fileURLToPath } from 'node:url';

/**
 * The files the server reads at run time, named from the server package's folder. This module is
 * one folder below it both as source (server/src/paths.ts) and compiled into server/dist/main.js
 * (scripts/build-server.ts), so the same address finds them from either.
 */
const inServer = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export const migrationsFolder = inServer('drizzle');
export const demoDatasetFile = inServer('src/demo/university.json');
export const defaultWebDist = inServer('../web/dist');
