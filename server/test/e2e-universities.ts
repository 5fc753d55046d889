// The universities the Playwright journeys run on, made in one process: the demo tenant and one
// tenant of its own for each journey whose settings would reach the others. Run by
// scripts/e2e-server.mjs with DATA_DIR pointing at the run's seed folder. One process instead of a
// CLI start per tenant: each start loaded the server's modules and opened the embedded database
// again, seconds apiece on a loaded 2-core machine, before any journey could begin.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { assemble } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { createTenant } from '../src/tenants/service.ts';

const JOURNEY_TENANTS: { domain: string; name: string }[] = [
  // Identity providers connected to the demo tenant would take over its members' e-mail domain in
  // every other journey.
  { domain: 'sso.localhost', name: 'Single Sign-On University' },
  // The scholarly imports journey fills profiles.
  { domain: 'scholar.localhost', name: 'Scholarly University' },
  // The ORCID journey sets its administrator's iD, which one member of a tenant may hold.
  { domain: 'orcid.localhost', name: 'ORCID University' },
  // A second factor turned on would meet every API sign-in of the demo members in other journeys.
  { domain: 'mfa.localhost', name: 'Two-Step University' },
  // The data journey erases members, whose comments then read 'Former member'.
  { domain: 'privacy.localhost', name: 'Privacy University' },
  // Passkeys' relying party is the tenant's host name: the passkey journey's pages are served at
  // passkey.localhost (Chromium resolves *.localhost to this machine), not 127.0.0.1.
  { domain: 'passkey.localhost', name: 'Passkey University' },
];

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  await migrate(database);
  const assembled = assemble(config, database, createLogger(config.logLevel));
  try {
    await seedDemo(assembled.deps);
  } finally {
    await assembled.close();
  }
  for (const { domain, name } of JOURNEY_TENANTS) {
    await createTenant(database.db, {
      domain,
      name,
      admin: {
        email: `admin@${domain}`,
        password: DEMO_PASSWORD,
        firstName: 'Tenant',
        lastName: 'Administrator',
      },
    });
  }
} finally {
  await database.close();
}
