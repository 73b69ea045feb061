// Builds the site and runs the Playwright journeys against the real server on a fresh PGlite.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  process.stderr.write('No Chromium found: set CHROMIUM_PATH or install chromium.\n');
  process.exit(1);
}
const env = { ...process.env, CHROMIUM_PATH: chromium };
// The journeys always start the server on an embedded database, whatever DATABASE_URL says.
delete env.DATABASE_URL;

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const test = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(test.status ?? 1);
