import { COMMON_ROUTES } from '@gemstock/contract';
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3900);
// A fresh embedded database per run, so journeys never depend on an earlier run.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'gemstock-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.journey\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: join(tmpdir(), 'gemstock-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // antd starts a dialog's zoom a few frames after it is in the page: a click aimed while it
    // still looks settled lands where the dialog no longer is. The site honours reduced motion,
    // so the journeys ask for it and every dialog is where it is drawn.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/seed-demo.js && node apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}${COMMON_ROUTES.health.path}`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the journeys use: a gateway's return (a phone's payment) comes back to
      // PUBLIC_URL, and localhost would be another origin with another localStorage.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every journey registers its own buyers from this one address: more than the ten codes
      // after which registration asks for the proof-of-work challenge (tested in the API suite).
      CODE_CHALLENGE_AFTER: '1000',
    },
  },
});
