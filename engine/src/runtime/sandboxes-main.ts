import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config.js';
import { createHttpServer } from '../http/server.js';
import { exitOnSignals } from '../lifecycle/shutdown.js';
import { createLogger } from '../logging/logger.js';
import { createSandboxesService, loadSandboxesConfig, type SandboxesConfig } from './sandboxes-service.js';

const KEEP_ALIVE_TIMEOUT_MS = 30_000;

function readConfig(): SandboxesConfig {
  try {
    return loadSandboxesConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-sandboxes' });
  const service = await createSandboxesService(config, logger);
  const server = createHttpServer(service.app, { requestTimeoutMs: config.requestTimeoutMs });
  // Longer than the callers' idle sockets live (Node's agent closes them after 5 s, as the server
  // did by default): a caller then never reuses a socket the server is closing (ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, 'Contrail sandboxes are listening');
  exitOnSignals(
    async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
    { timeoutMs: config.shutdownTimeoutMs, logger },
  );
}

main().catch((error: unknown) => {
  console.error('Contrail sandboxes failed to start:', error);
  process.exit(1);
});
