import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createHttpServer } from './http/server.js';
import { exitOnSignals } from './lifecycle/shutdown.js';
import { createLogger } from './logging/logger.js';
import { createRuntime } from './runtime/runtime.js';
import { processRoles, type Role } from './runtime/roles.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readConfig(): { config: Config; roles: Set<Role> } {
  try {
    const config = loadConfig();
    const roles = processRoles('engine', {
      configured: config.roles,
      embedded: config.embedded,
      inProcessJobs: !config.redisUrl,
    });
    if (typeof roles === 'string') throw new ConfigError([roles]);
    return {
      config: { ...config, storefrontDir: config.storefrontDir ?? path.join(repositoryRoot, 'storefront/dist') },
      roles,
    };
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

/** Stops taking connections and lets in-flight requests finish, for part of the shutdown time. */
function drain(server: Server, withinMs: number): Promise<void> {
  const force = setTimeout(() => server.closeAllConnections(), withinMs);
  return new Promise<void>((resolve) => {
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

async function main(): Promise<void> {
  const { config, roles } = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-engine' });
  const runtime = await createRuntime(config, logger);
  const httpServer = createHttpServer(createApp(runtime.deps), { requestTimeoutMs: config.requestTimeoutMs });
  await listen(httpServer, config);
  await runtime.start(roles);
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  runtime.deps.selfUrl?.listening(config.host, port);
  logger.info({ port, url: `http://localhost:${port}`, roles: [...roles] }, 'Contrail is listening');
  // Requests get most of the time; closing the adapters the rest, before the hard deadline.
  exitOnSignals(
    async () => {
      await drain(httpServer, config.shutdownTimeoutMs * 0.6);
      await runtime.close();
    },
    { timeoutMs: config.shutdownTimeoutMs, logger },
  );
}

main().catch((error: unknown) => {
  console.error('Contrail failed to start:', error);
  process.exit(1);
});
