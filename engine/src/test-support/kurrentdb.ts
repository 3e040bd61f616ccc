/**
 * KurrentDB for the tests, through testcontainers: a server of its own for each test file that
 * asks for one, when a Docker engine is reachable. `EVENTSTORE_URL` points the tests at a running
 * server instead. Without either, the suites that need it show as skipped, with the reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { parse } from 'yaml';

/** What the global setup found (global-setup.ts): a server to use, a Docker engine to start one in, or why neither. */
export type KurrentDbAvailability = { url: string } | { docker: true } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    kurrentdb: KurrentDbAvailability;
  }
}

/** In a test file: the global setup's answer (a project without that setup has none). */
export function kurrentDbAvailability(): KurrentDbAvailability {
  return inject('kurrentdb') ?? { unavailable: 'this Vitest project does not probe for KurrentDB' };
}

export interface RunningKurrentDb {
  url: string;
  stop(): Promise<void>;
}

/** The server for one test file: the configured one, or a fresh container (seconds to start). */
export async function startKurrentDb(availability = kurrentDbAvailability()): Promise<RunningKurrentDb> {
  if ('url' in availability) return { url: availability.url, stop: async () => {} };
  if ('unavailable' in availability) throw new Error(`KurrentDB is unavailable: ${availability.unavailable}`);
  const { GenericContainer, Wait } = await import('testcontainers');
  const { image, environment } = composeKurrentDb();
  const container = await new GenericContainer(image)
    .withEnvironment(environment)
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(180_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: () => container.stop().then(() => undefined),
  };
}

/** The image and settings of docker-compose.yml's kurrentdb service: the tests run what users run. */
function composeKurrentDb(): { image: string; environment: Record<string, string> } {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  const service = compose.services.kurrentdb as { image: string; environment: Record<string, string | number> };
  return {
    image: service.image,
    environment: Object.fromEntries(Object.entries(service.environment).map(([key, value]) => [key, String(value)])),
  };
}
