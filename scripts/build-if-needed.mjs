// `npm start` builds the web app only when its sources are newer than the last build (CONTRACT §1).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(process.env.WEB_DIST || path.join(root, 'web/dist'), 'index.html');

function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contract/src']
  .map((p) => path.join(root, p))
  .filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}
