// Runs the Playwright journeys in Debian's Chromium. Without the browser they skip with a message, unless
// E2E_REQUIRED=1 (CI), where a missing browser is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium}: end-to-end journeys skipped (apt-get install -y chromium)`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(msg);
    process.exit(1);
  }
  console.log(msg);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
