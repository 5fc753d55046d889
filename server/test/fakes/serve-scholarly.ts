import { startScholarlyFakes } from './scholarly-sources.ts';

/**
 * The fakes of ORCID, Crossref and OpenAlex as a process of their own, for the Playwright server
 * (scripts/e2e-server.mjs): ports from SCHOLARLY_FAKES_PORT, +1 and +2.
 */
const base = Number(process.env.SCHOLARLY_FAKES_PORT);
const fakes = await startScholarlyFakes({ ORCID: base, Crossref: base + 1, OpenAlex: base + 2 });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void fakes.close().then(() => process.exit(0));
  });
}
