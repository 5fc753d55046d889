// `npm run lighthouse`: Lighthouse (mobile, its default throttling) on the screens of issue 7 against
// a fresh server with the demo, in Debian's Chromium. Prints the scores against their targets and
// writes bench/lighthouse.json. A measurement like `npm run bench`, not a test: performance scores
// move with the machine's load, so the load average is recorded with them.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const TENANT = 'demo.localhost';

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-lighthouse-')),
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
try {
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tenant = await (await fetch(`${base}/api/v1/tenant?domain=${TENANT}`)).json();
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `faculty@${TENANT}`,
      password: 'Kindling!2026',
      tenant_id: tenant.id,
    }),
  });
  const { user } = await signIn.json();
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const pages = [
    { name: 'home', path: '/', signedIn: false },
    { name: 'sign-in', path: '/signin', signedIn: false },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
    { name: 'people', path: '/people', signedIn: true },
    { name: 'profile', path: `/profile/${user.userId}`, signedIn: true },
  ];

  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const results = [];
  try {
    for (const page of pages) {
      const url = `${base}${page.path}?tenant=${TENANT}`;
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
      });
      const { categories, audits } = run.lhr;
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
      );
      const failing = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => ({
          id: audit.id,
          value: audit.displayValue ?? '',
          items: (audit.details?.items ?? [])
            .slice(0, 5)
            .map((item) => item.url ?? item.node?.snippet ?? item.description ?? ''),
        }));
      results.push({
        page: page.name,
        url: page.path,
        ...scores,
        ...(run.lhr.runtimeError ? { error: run.lhr.runtimeError.message } : {}),
        failing,
      });
    }
  } finally {
    await chrome.kill();
  }

  const load = loadavg();
  writeFileSync(
    path.join(root, 'bench/lighthouse.json'),
    `${JSON.stringify({ measured: new Date().toISOString(), loadAverage: load, targets: TARGETS, results }, null, 2)}\n`,
  );
  console.table(
    results.map(({ failing, ...scores }) => ({
      ...scores,
      'below 90': failing.map((audit) => audit.id).join(' '),
    })),
  );
  const missed = results.flatMap((r) =>
    Object.entries(TARGETS)
      .filter(([key, target]) => r[key] < target)
      .map(([key, target]) => `${r.page} ${key} ${r[key]} < ${target}`),
  );
  console.log(
    missed.length === 0
      ? 'Every Lighthouse target met.'
      : `Targets missed:\n  ${missed.join('\n  ')}`,
  );
  console.log(
    `Load average while measuring: ${load.map((l) => l.toFixed(1)).join(' ')} on this machine.`,
  );
} finally {
  server.kill('SIGTERM');
}
