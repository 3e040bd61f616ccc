import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logging/logger.js';
import { createRuntime } from './runtime/runtime.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readConfig(): Config {
  try {
    const config = loadConfig();
    return { ...config, storefrontDir: config.storefrontDir ?? path.join(repositoryRoot, 'storefront/dist') };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
}

/** Stops taking connections, lets in-flight requests finish (bounded), then closes adapters. */
function shutdownOnSignals(server: Server, close: () => Promise<void>, config: Config, logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await close();
    logger.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-engine' });
  const runtime = await createRuntime(config, logger);
  const httpServer = createServer(createApp(runtime.deps));
  await listen(httpServer, config);
  await runtime.start();
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  runtime.deps.selfUrl?.listening(config.host, port);
  logger.info({ port, url: `http://localhost:${port}` }, 'Contrail is listening');
  shutdownOnSignals(httpServer, () => runtime.close(), config, logger);
}

main().catch((error: unknown) => {
  console.error('Contrail failed to start:', error);
  process.exit(1);
});
