import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { MediaWorker } from './jobs/media-worker.js';
import { createStorage } from './media/create-storage.js';
import { PeriodicTask } from './jobs/periodic-task.js';
import { queueOutdatedRenditions } from './modules/admin/media-job.service.js';
import { HOT_KEYWORD_REFRESH_MS, refreshHotKeywords } from './modules/common/hot-keywords.js';
import { UnpaidOrderSweeper } from './modules/payment/unpaid-order-sweeper.js';
import { purgeOldVerificationCodes } from './modules/user/verification-code.repository.js';
import { createMessageSender } from './notify/create-sender.js';
import { seedDemoIfEmpty } from './seed/demo.js';

/** How long shutdown waits for the media job in progress. */
const WORKER_STOP_GRACE_MS = 20_000;
/** Old verification codes are removed hourly (they only ever count for a day). */
const CODE_PURGE_INTERVAL_MS = 3_600_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const storage = createStorage(config);
  const app = await buildApp({ config, db: database.db, messages: createMessageSender(config, database.db), storage });
  if (!app.deps.video.available) {
    app.log.warn('ffmpeg/ffprobe not found (FFMPEG_PATH, FFPROBE_PATH or PATH): video uploads are refused');
  }

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty({ config, db: database.db, storage, log: (line) => app.log.info(line) });
    if (seeded) {
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
    }
  }

  // Public files made under older rules (e.g. unmarked 1200 px covers) are made again.
  const outdated = await queueOutdatedRenditions(app.deps);
  if (outdated > 0) app.log.info({ materials: outdated }, 'queued new renditions for materials made under older rules');

  const worker = config.mediaWorker.enabled ? new MediaWorker(app.deps, { log: app.log }) : null;
  worker?.start();
  const gateways = app.deps.payments.describe();
  app.log.info({ gateways }, 'payment gateways');
  if (config.isProduction && app.deps.payments.sandbox) {
    app.log.warn('PAYMENT_SANDBOX is on in production: sandbox payments settle orders without real money');
  }
  const sweeper = new UnpaidOrderSweeper(app.deps, app.log);
  sweeper.start();
  const codePurge = new PeriodicTask(
    'verification-code purge',
    () => purgeOldVerificationCodes(database.db),
    CODE_PURGE_INTERVAL_MS,
    app.log,
  );
  void codePurge.runOnce();
  codePurge.start();
  const hotKeywords = new PeriodicTask(
    'hot keywords',
    () => refreshHotKeywords(app.deps),
    HOT_KEYWORD_REFRESH_MS,
    app.log,
  );
  void hotKeywords.runOnce();
  hotKeywords.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // A job still running after the grace period is left to a later run: its lock goes stale
      // and the next worker claims it again.
      if (worker) {
        await Promise.race([worker.stop(), new Promise((resolve) => setTimeout(resolve, WORKER_STOP_GRACE_MS))]);
      }
      await sweeper.stop();
      await codePurge.stop();
      await hotKeywords.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  process.stdout.write(`\n  ${config.siteName} 已启动: ${config.publicUrl}  (${database.kind})\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
