import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { openDatabase } from './db/open.js';
import { MediaWorker } from './jobs/media-worker.js';
import { PeriodicTask } from './jobs/periodic-task.js';
import { createStorage } from './media/create-storage.js';
import type { Storage } from './media/storage.js';
import {
  foldMaterialSales,
  PALETTE_BACKFILL_INTERVAL_MS,
  queueOutdatedRenditions,
  SALES_FOLD_INTERVAL_MS,
  runPaletteBackfill,
  runSimilarBackfill,
  SIMILAR_BACKFILL_INTERVAL_MS,
} from './modules/catalog/index.js';
import { ANALYTICS_ROLLUP_INTERVAL_MS } from './modules/analytics/index.js';
import { HOT_KEYWORD_REFRESH_MS } from './modules/search/index.js';
import { RETENTION_INTERVAL_MS, enforceRetention } from './modules/common/index.js';
import { CUT_HASH_BACKFILL_INTERVAL_MS, runCutHashBackfill } from './modules/licence/index.js';
import { UnpaidOrderSweeper } from './modules/payment/index.js';
import { UPLOAD_PURGE_INTERVAL_MS, purgeUnusedUploads } from './modules/upload/index.js';
import { createMessageSender } from './notify/create-sender.js';
import { ChangeListener } from './ops/change-feed.js';
import { ClusterHeartbeat } from './ops/cluster.js';
import { ServiceState } from './ops/service-state.js';

/** Old verification codes are removed hourly (they only ever count for a day). */

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  state: ServiceState;
  /** http://host:port the server listens on. */
  address: string;
  /**
   * Drains and stops: readiness turns 503 for the drain period, background jobs stop taking
   * work, in-flight requests finish, then the pool closes. The caller bounds the whole with a
   * deadline (main.ts, close-with-grace).
   */
  shutdown(): Promise<void>;
}

export interface StartServerOptions {
  storage?: Storage;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** No connection for this long after the drain means the balancer has stopped sending. */
const QUIET_BEFORE_CLOSE_MS = 300;
/** How soon a bulk edit started on any server is picked up (the job table is the truth). */
const BULK_EDIT_POLL_MS = 1_000;

/**
 * Waits until no connection has been accepted for QUIET_BEFORE_CLOSE_MS (at most `capMs`).
 * Closing the listener resets every connection still in its backlog: clients that connected
 * before the balancer saw readiness turn 503, but that a busy process has not accepted yet.
 * Each check runs after an I/O turn (setImmediate), so connections already waiting are accepted
 * before the listener is judged quiet.
 */
async function untilConnectionsStop(lastConnectionAt: () => number, capMs: number): Promise<void> {
  const giveUpAt = Date.now() + capMs;
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const quietFor = Date.now() - lastConnectionAt();
    if (quietFor >= QUIET_BEFORE_CLOSE_MS || Date.now() >= giveUpAt) return;
    await delay(Math.min(QUIET_BEFORE_CLOSE_MS - quietFor, giveUpAt - Date.now()));
  }
}

/**
 * Opens the database (migrating it), builds the app, listens, and
 * only then starts the background work, so nothing runs before the server can answer health
 * checks.
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const database = await openDatabase(config);
  const state = new ServiceState(database);
  let app: FastifyInstance;
  try {
    const storage = options.storage ?? createStorage(config);
    app = await buildApp({
      config,
      db: database.db,
      messages: createMessageSender(config, database.db),
      storage,
      state,
    });
    if (!app.deps.video.available) {
      app.log.warn('ffmpeg/ffprobe not found (FFMPEG_PATH, FFPROBE_PATH or PATH): video uploads are refused');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  app.log.info({ gateways: app.deps.payments.describe(), demoMode: config.demoMode }, 'payment gateways');
  if (app.deps.payments.sandbox) {
    app.log.warn(
      'sandbox payments are ON (demo mode): the sandbox pay page settles orders without real money; ' +
        'set PUBLIC_URL to the public address (and leave DEMO_MODE unset) for a real shop',
    );
  }

  // Registered before listening, so readiness applies the multi-server rule from the first probe.
  const heartbeat = new ClusterHeartbeat(app.deps, app.log);
  await heartbeat.register();
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await heartbeat.stop();
    await app.close();
    await database.close();
    throw error;
  }

  // Public files made under older rules (e.g. unmarked 1200 px covers) are made again.
  const outdated = await queueOutdatedRenditions(app.deps);
  if (outdated > 0) app.log.info({ materials: outdated }, 'queued new renditions for materials made under older rules');

  const worker = config.mediaWorker.enabled ? new MediaWorker(app.deps, { log: app.log }) : null;
  // Licensed videos' reframes (渠道尺寸, docs/decisions/0046) and each licence's marked video
  // (docs/decisions/0049), queued by any server's download.
  const reframes = config.mediaWorker.enabled
    ? new MediaWorker(app.deps, { log: app.log, next: () => app.services.licences.runNextLicensedVideoJob() })
    : null;
  const sweeper = new UnpaidOrderSweeper(app.deps, app.log);
  const uploadPurge = new PeriodicTask(
    'unused upload purge',
    () => purgeUnusedUploads(app.deps),
    UPLOAD_PURGE_INTERVAL_MS,
    app.log,
  );
  const hotKeywords = new PeriodicTask(
    'hot keywords',
    () => app.services.search.refreshHotKeywords(),
    HOT_KEYWORD_REFRESH_MS,
    app.log,
  );
  // The 数据看板's daily rollups (docs/decisions/0041): each day once settled, under its lock.
  const analyticsRollup = new PeriodicTask(
    'analytics rollup',
    () => app.services.analytics.rollupAnalytics(),
    ANALYTICS_ROLLUP_INTERVAL_MS,
    app.log,
  );
  const retention = new PeriodicTask('retention', () => enforceRetention(app.deps), RETENTION_INTERVAL_MS, app.log);
  // Copies of personal data past their download period are removed (docs/decisions/0043).
  const privacyArchives = new PeriodicTask(
    'privacy copies purge',
    () => app.services.privacy.purgeExpiredArchives(),
    RETENTION_INTERVAL_MS,
    app.log,
  );
  // Refunds whose gateway answer was lost are asked about (docs/decisions/0029).
  const refundSweep = new PeriodicTask(
    'refund sweep',
    () => app.services.refunds.syncProcessingRefunds(app.log),
    config.payments.sweepIntervalSeconds * 1000,
    app.log,
  );
  // Palettes drawn again from the thumbnails when the rules that draw them change (decision 0048):
  // fifty a batch, one server at a time under an advisory lock; the lists below wait for them.
  const paletteBackfill = new PeriodicTask(
    'palette backfill',
    () => runPaletteBackfill(app.deps),
    PALETTE_BACKFILL_INTERVAL_MS,
    app.log,
  );
  // 相似素材 of the materials made before their lists were stored (docs/decisions/0048): a few
  // hundred a pass, one server at a time under an advisory lock.
  const similarBackfill = new PeriodicTask(
    'similar lists backfill',
    () => runSimilarBackfill(app.deps),
    SIMILAR_BACKFILL_INTERVAL_MS,
    app.log,
  );
  // Channel cuts made before 溯源 kept their hashes (docs/decisions/0049) get them: fifty pictures a
  // batch, one server at a time under an advisory lock; once done, a pass is one read.
  const cutHashBackfill = new PeriodicTask(
    'cut hash backfill',
    () => runCutHashBackfill(app.deps),
    CUT_HASH_BACKFILL_INTERVAL_MS,
    app.log,
  );
  // Sales recorded by payments and refunds added to the materials' counts (docs/decisions/0057).
  const salesFold = new PeriodicTask(
    'sales count fold',
    () => foldMaterialSales(app.deps.db),
    SALES_FOLD_INTERVAL_MS,
    app.log,
  );
  // Bulk edits of materials (素材管理): started in any server's request, run by whichever claims them.
  const bulkEdits = new PeriodicTask(
    'material bulk edits',
    () => app.services.adminMaterials.runBulkJobs(),
    BULK_EDIT_POLL_MS,
    app.log,
  );
  // Other servers' catalogue changes drop this server's search caches, their content changes its
  // published documents, their settings its order-reward policy (docs/decisions/0040, 0042).
  const changes = database.postgres
    ? new ChangeListener({
        connectionString: database.postgres.connectionString,
        connectTimeoutMs: database.postgres.connectTimeoutMs,
        origin: app.deps.changes.origin,
        handlers: {
          catalog: () => app.services.search.forgetSearches(),
          content: () => app.services.content.forgetPublished(),
          settings: () => app.deps.orderReward.forget(),
        },
        log: app.log,
      })
    : null;
  await changes?.start();
  // The search index held in memory (docs/decisions/0053): loaded in the background, searches
  // answered by the database until it is.
  if (config.searchIndex === 'memory') void app.services.search.startIndex();
  heartbeat.start();
  worker?.start();
  reframes?.start();
  bulkEdits.start();
  salesFold.start();
  sweeper.start();
  uploadPurge.start();
  void hotKeywords.runOnce();
  hotKeywords.start();
  retention.start();
  paletteBackfill.start();
  similarBackfill.start();
  cutHashBackfill.start();
  privacyArchives.start();
  refundSweep.start();
  void analyticsRollup.runOnce();
  analyticsRollup.start();

  // When the last connection was accepted: the listener closes only once they have stopped coming.
  let lastConnectionAt = Date.now();
  app.server.on('connection', () => {
    lastConnectionAt = Date.now();
  });

  let stopping: Promise<void> | null = null;
  const shutdown = () => {
    stopping ??= (async () => {
      state.draining = true;
      app.log.info({ drainMs: config.shutdown.drainMs }, 'draining: readiness answers 503');
      if (config.shutdown.drainMs > 0) await delay(config.shutdown.drainMs);
      await untilConnectionsStop(() => lastConnectionAt, config.shutdown.timeoutMs / 2);
      // Background work stops taking new work; a job in progress finishes (or its lock goes
      // stale and another server takes it over after the deadline).
      const jobs = Promise.all([
        worker?.stop(),
        reframes?.stop(),
        bulkEdits.stop(),
        salesFold.stop(),
        sweeper.stop(),
        uploadPurge.stop(),
        hotKeywords.stop(),
        retention.stop(),
        paletteBackfill.stop(),
        similarBackfill.stop(),
        cutHashBackfill.stop(),
        privacyArchives.stop(),
        refundSweep.stop(),
        analyticsRollup.stop(),
        app.services.search.stopIndex(),
      ]);
      // Stops accepting connections and waits for the requests in flight.
      await app.close();
      await changes?.stop();
      await jobs;
      // Peers stop counting this server at once (multi-server rule).
      await heartbeat.stop();
      await database.close();
    })();
    return stopping;
  };

  return { app, database, state, address, shutdown };
}
