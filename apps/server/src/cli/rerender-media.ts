/**
 * Makes the public files of every material made under older rendition rules again (e.g. the
 * unmarked 1200 px covers), from the private originals, and deletes the old files:
 *   npm run media:rerender                 queue the jobs and run them here until none is left
 *   npm run media:rerender -- --queue-only queue them for the running servers' media workers
 * Servers also queue them at start-up, so this is for doing it now, or with the servers stopped.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { createStorage } from '../media/create-storage.js';
import { createVideoProcessor } from '../media/video-processor.js';
import { queueOutdatedRenditions, runNextMediaJob } from '../modules/catalog/index.js';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { 'queue-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('usage: npm run media:rerender [-- --queue-only]\n');
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const deps = {
      db: database.db,
      config,
      storage: createStorage(config),
      video: createVideoProcessor({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
    };
    const queued = await queueOutdatedRenditions(deps);
    process.stdout.write(`已排队 / queued: ${queued} 个素材 materials\n`);
    if (values['queue-only']) return 0;
    let done = 0;
    let failed = 0;
    for (;;) {
      const outcome = await runNextMediaJob(deps);
      if (!outcome) break;
      if (outcome.outcome === 'done') done += 1;
      if (outcome.outcome === 'failed' || outcome.outcome === 'retry') {
        failed += 1;
        process.stderr.write(`素材 ${outcome.job.materialSid}: ${outcome.error}\n`);
      }
    }
    process.stdout.write(`已完成 / done: ${done}，失败或待重试 / failed or retrying: ${failed}\n`);
    return failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`处理失败 / failed: ${message}\n`);
    process.exit(1);
  },
);
