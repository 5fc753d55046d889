import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const running = await startServer(config, logger);
  process.stdout.write(
    `Kindling is running at ${config.publicUrl}\nOpen ${config.publicUrl}/?tenant=demo.localhost\n`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Kindling failed to start: ${(error as Error).stack ?? error}\n`);
  }
  process.exit(1);
});
