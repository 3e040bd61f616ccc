/// <reference types="node" />
/**
 * What the storefront's browser tests share: the Debian Chromium (never a downloaded one), the
 * production build of the storefront, and the real engine in-process serving it with embedded
 * storage and the sandboxes, stopped for sure in afterAll.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createApp, createLogger, createRuntime, loadConfig, type Runtime } from '@contrail/engine';
import { migratedDataDir } from '@contrail/engine/testing';

const storefrontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The production build the browser tests serve. */
export const distDir = path.join(storefrontDir, 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether Chromium is there; under CI=true its absence fails the run instead of skipping `what`. */
export function chromiumAvailable(what: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing, but CI=true: ${what} must run in CI`);
  console.info(`[contrail tests] ${CHROMIUM} is missing: ${what} is skipped`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsFresh(): boolean {
  const built = path.join(distDir, 'index.html');
  const sources = Math.max(newestMtime(storefrontDir), newestMtime(path.resolve(storefrontDir, '../shared/src')));
  return existsSync(built) && statSync(built).mtimeMs >= sources;
}

/** Held by the test worker that builds, so that browser test files starting together build once. */
const buildLock = path.join(
  os.tmpdir(),
  `contrail-storefront-build-${createHash('sha256').update(storefrontDir).digest('hex').slice(0, 12)}.lock`,
);
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;

async function holdBuildLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(buildLock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = Date.now() - (statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > STALE_LOCK_MS) rmSync(buildLock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Builds the storefront when dist is missing or older than its sources (storefront and shared). */
export async function ensureStorefrontBuild(): Promise<void> {
  if (buildIsFresh()) return;
  await holdBuildLock();
  try {
    // Another worker may have built it while this one waited.
    if (buildIsFresh()) return;
    const { build } = await import('vite');
    // The production build `npm start` serves: under vitest's NODE_ENV=test, Vite would bundle
    // React's development build (larger, slower, and not what travellers get).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(storefrontDir, 'vite.config.ts'),
        root: storefrontDir,
        logLevel: 'warn',
        build: { sourcemap: false },
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

export interface StorefrontEngine {
  baseUrl: string;
  dataDir: string;
  runtime: Runtime;
  close(): Promise<void>;
}

/**
 * The engine in-process on a free port with embedded storage and in-process jobs (whatever services
 * the environment names), serving the storefront build. `env` adds to or overrides its settings.
 */
export async function startStorefrontEngine(name: string, env: Record<string, string> = {}): Promise<StorefrontEngine> {
  const dataDir = await migratedDataDir(name);
  let runtime: Runtime | undefined;
  let server: Server | undefined;
  const close = async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env });
    runtime = await createRuntime({ ...config, storefrontDir: distDir }, createLogger({ level: 'warn', name }));
    const listening = createApp(runtime.deps).listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => listening.once('listening', resolve).once('error', reject));
    // The embedded engine of the storefront tests holds every role.
    await runtime.start(new Set(['engine', 'worker', 'projector'] as const));
    const address = listening.address();
    if (!address || typeof address === 'string') throw new Error('The engine did not listen');
    runtime.deps.selfUrl?.listening('127.0.0.1', address.port);
    return { baseUrl: `http://127.0.0.1:${address.port}`, dataDir, runtime, close };
  } catch (error) {
    await close();
    throw error;
  }
}
