import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side; each gets its own fresh server.
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

const desktop = { viewport: { width: 1280, height: 800 } };
const mobile = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const REBRANDS = /admin-branding\.spec\.ts$/;
// Whole journeys run at 1280 px. At 375 px run only those tagged @phone: the ones that look at a
// screen (screenshot and axe scan) and the ones about the phone's own layout (the drawer). The
// behaviour does not change with the width; running every journey twice cost half the suite.
const PHONE = /@phone/;

export default defineConfig({
  testDir: './tests',
  // One results folder per port, so side-by-side runs do not delete each other's traces.
  outputDir: `../test-results/e2e-${process.env.E2E_PORT ?? 3100}`,
  workers: 2,
  // One retry, reported as "flaky" in the summary: a journey that passes only on its second try
  // is a finding to chase (see the closing notes), not a pass to forget.
  retries: 1,
  // A first visit loads the screen's lazy chunks and data; on a loaded 2-core machine, with two
  // browsers and the server sharing it, that has taken over 5 s (Playwright's default) while
  // nothing was wrong.
  expect: { timeout: 10_000 },
  // A journey of a dozen steps with two accessibility scans took 22 s on a loaded CI machine and
  // over 30 s (the default) on its other viewport; journeys longer than that set their own.
  timeout: 60_000,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    browserName: 'chromium',
    // DOM snapshots only: the screencast a trace records by default cost a fifth of the suite's
    // CPU on a 2-core machine (181 s against 139 s for 12 journeys), and a failure's snapshots
    // still show what the page held at each step.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      // Debian's Chromium, as installed by `npm test` (ARCHITECTURE: Tests and tooling).
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: REBRANDS },
    { name: 'mobile', use: mobile, testIgnore: REBRANDS, grep: PHONE },
    // Journeys that rebrand the shared demo tenant run once every other journey is done, so none
    // sees a label or colour change under it.
    {
      name: 'desktop rebrand',
      use: desktop,
      testMatch: REBRANDS,
      dependencies: ['desktop', 'mobile'],
    },
    {
      name: 'mobile rebrand',
      use: mobile,
      grep: PHONE,
      testMatch: REBRANDS,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // The CLI seeds the demo on a fresh embedded database, then the server starts on a copy: two
    // Node.js starts, which took over 120 s together at a load average of 24.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
