import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseStartupError } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { startServer } from './server.js';

async function main() {
  const config = loadConfig(process.env, {}, { requireMessaging: true });
  const server = await startServer(config);
  const { app } = server;

  // SIGTERM / SIGINT: drain, then finish in-flight work within the deadline; a second signal
  // (or the deadline passing) exits at once.
  closeWithGrace(
    { delay: config.shutdown.drainMs + config.shutdown.timeoutMs, logger: app.log },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      await server.shutdown();
    },
  );

  process.stdout.write(`\n  ${config.siteName} 已启动: ${config.publicUrl}  (${server.database.kind})\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseStartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
