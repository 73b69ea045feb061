import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseStartupError } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { startServer } from './server.js';

async function main() {
  const config = loadConfig(process.env, {}, { requireMessaging: true });
  const server = await startServer(config, {
    onSeeded: (seeded) => {
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
    },
  });
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
