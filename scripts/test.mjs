// `npm test`: unit and API suites (Vitest), then the browser journeys when a Chromium exists.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);

const chromium = findChromium();
if (!chromium) {
  process.stdout.write(
    "\nBrowser journeys SKIPPED: no Chromium found. Set CHROMIUM_PATH or install Debian's chromium (apt-get install chromium).\n",
  );
  process.exit(0);
}
process.exit(run('node', ['scripts/e2e.mjs'], { CHROMIUM_PATH: chromium }));
