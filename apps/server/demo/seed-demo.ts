/**
 * `npm run serve` (and so `npm start`) runs this before the server: in demo mode it fills an
 * empty database with the demo catalogue and accounts and prints how to sign in; outside demo
 * mode it does nothing. It lives outside the server's own code (`src/`), so the server never
 * carries the demo's drawing code or its published passwords.
 */
import { ConfigError, loadConfig } from '../src/config.js';
import { DatabaseStartupError } from '../src/db/client.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { openDatabase } from '../src/db/open.js';
import { createStorage } from '../src/media/create-storage.js';
import { seedDemoIfEmpty } from './demo.js';

async function main() {
  const config = loadConfig(process.env, {}, { requireMessaging: true });
  if (!config.seedDemo) return;
  const quiet = config.logLevel === 'silent' || config.logLevel === 'error' || config.logLevel === 'warn';
  const database = await openDatabase(config);
  try {
    const seeded = await seedDemoIfEmpty({
      config,
      db: database.db,
      storage: createStorage(config),
      log: (line) => {
        if (!quiet) process.stdout.write(`${line}\n`);
      },
    });
    if (!seeded) return;
    // Printed once, on the run that created them, so a newcomer can sign in straight away.
    process.stdout.write(
      [
        '',
        '  演示数据已创建 / demo data created',
        `  买家 buyer:    ${seeded.buyer.email} / ${seeded.buyer.password}`,
        `  子账号 sub:    ${seeded.subAccount.username} / ${seeded.subAccount.password}`,
        `  运营 operator: ${seeded.operator.username} / ${seeded.operator.password}  (${config.publicUrl}/admin)`,
        '',
      ].join('\n') + '\n',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseStartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
