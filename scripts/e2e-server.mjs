// Starts the real server for the Playwright journeys on the demo university.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
// One folder per port: two runs side by side must not wipe each other's database.
const dataDir = path.join(root, 'e2e/.data', port);
// Creating, migrating and seeding an embedded database is most of a server's start on a loaded
// machine, and journeys start servers of their own: one process seeds the demo and the journeys'
// universities (server/test/e2e-universities.ts) once, here, and every server of the run starts
// on a copy (e2e/support/ownServer.ts). The server's own seeding of an empty database is proved by
// the fault tests (server/test/faults/sigterm.test.ts).
const demoDir = path.join(root, 'e2e/.data', `${port}-demo`);
for (const dir of [dataDir, demoDir]) rmSync(dir, { recursive: true, force: true });

const env = { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' };
// The journeys run the server production runs: compiled (scripts/build-server.ts) by the step
// `npm start` takes first, which finds the web app `npm run test:e2e` has just built fresh.
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-needed.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, DATA_DIR: dataDir },
});
if (built.status !== 0) process.exit(built.status ?? 1);
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/test/e2e-universities.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, DATA_DIR: demoDir },
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
cpSync(path.join(demoDir, 'db'), path.join(dataDir, 'db'), { recursive: true });

// ORCID, Crossref and OpenAlex answer from recordings (server/test/fakes), on the three ports
// after SCHOLARLY_FAKES_PORT: no journey reads the real sources. ORCID's sign-in is the fourth.
// Four ports a run: runs on neighbouring E2E_PORTs side by side must not take each other's.
const fakesPort = 20_000 + (Number(port) % 1000) * 4;
const fakes = spawn(process.execPath, ['--import', 'tsx', 'server/test/fakes/serve-scholarly.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, SCHOLARLY_FAKES_PORT: String(fakesPort) },
});
// PUBLIC_URL's origin (the server's default): ORCID sends the browser back there.
const appUrl = `http://localhost:${port}`;
const orcidSignIn = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/test/fakes/serve-orcid-sign-in.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ORCID_SIGN_IN_PORT: String(fakesPort + 3), APP_URL: appUrl },
  },
);
const child = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: port,
    DATA_DIR: dataDir,
    // A tenant's own domain is an accepted origin, as CONTRACT's ALLOWED_ORIGINS has it.
    ALLOWED_ORIGINS: `http://passkey.localhost:${port}`,
    ORCID_API_URL: `http://127.0.0.1:${fakesPort}`,
    CROSSREF_API_URL: `http://127.0.0.1:${fakesPort + 1}`,
    OPENALEX_API_URL: `http://127.0.0.1:${fakesPort + 2}`,
    ORCID_URL: `http://127.0.0.1:${fakesPort + 3}`,
    // The client server/test/oidc-provider.ts registers.
    ORCID_CLIENT_ID: 'kindling',
    ORCID_CLIENT_SECRET: 'a-client-secret-for-tests',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    fakes.kill(signal);
    orcidSignIn.kill(signal);
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  fakes.kill('SIGTERM');
  orcidSignIn.kill('SIGTERM');
  process.exit(code ?? 0);
});
