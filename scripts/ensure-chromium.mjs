// `npm test` needs Debian's Chromium for the browser journeys; install it when missing (CONTRACT §1).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      'Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  console.log('Installing Chromium (apt-get install chromium)...');
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
}
