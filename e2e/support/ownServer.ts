import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A data folder of a journey's own holding the demo university: a copy of the database
 * scripts/e2e-server.mjs seeded for this run, so that a server started on it neither creates,
 * migrates nor seeds one (a minute or more of a loaded machine's CPU each time).
 */
export function demoDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const seeded = path.join(root, 'e2e/.data', `${process.env.E2E_PORT ?? 3100}-demo`, 'db');
  cpSync(seeded, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

export interface OwnServer {
  url: string;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready in 90 s:\n${output()}`);
}

/**
 * Starts a server process of a journey's own, for what the shared server cannot show: a restart,
 * or a configuration of its own (S3 storage). The embedded database lives in `dataDir`, so a
 * second start on the same folder is the same deployment restarted.
 */
export async function startOwnServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  // The compiled server scripts/e2e-server.mjs built, as `npm start` runs it.
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitUntilReady(url, child, () => output);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
