/**
 * Real Contrail processes for tests: the engine, the workers and the sandboxes, started from their
 * TypeScript sources (as `npm run dev` does) and stopped for sure, also when a test fails: each is
 * the leader of its own process group (tsx's esbuild and anything else it starts are in it), and
 * every group started here is SIGKILLed when it is stopped, killed or given up on, or when the test
 * process exits.
 *
 *   const stack = await scaledStack({ databaseUrl, redisUrl, engines: 2, workers: 1 });
 *   await fetch(`${stack.engines[0].url}/readyz`);
 *   await stack.engines[0].kill();            // a crash: SIGKILL
 *   await stack.stop();                       // SIGTERM everything, then drop its schema and keys
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { LOG_CAPTURE_VARIABLE } from '../logging/destination.js';
import { atExit } from './at-exit.js';
import { openPostgres } from '../storage/postgres.js';
import { sleep } from '@contrail/shared/time/sleep';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const ENTRY_POINTS = {
  engine: path.join(repositoryRoot, 'engine/src/main.ts'),
  workers: path.join(repositoryRoot, 'workers/src/main.ts'),
  sandboxes: path.join(repositoryRoot, 'engine/src/runtime/sandboxes-main.ts'),
} as const;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProcessHandle {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Everything printed on stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match in the output; throws, with the output, on exit or after `scaled(timeoutMs)`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** How it ended, once it has (what it printed last may still be unread). */
  exited: Promise<Exit>;
  /** How it ended, once everything it printed is read too. */
  ended: Promise<Exit>;
  /** SIGTERM, then SIGKILL after `scaled(graceMs)`; resolves once it and its group are gone and its output is read. */
  stop(graceMs?: number): Promise<Exit>;
  /** SIGKILL to its whole group now, as a crash would; resolves once it is gone and its output is read. */
  kill(): Promise<Exit>;
}

export interface ServerHandle extends ProcessHandle {
  url: string;
  port: number;
}

export interface StartOptions {
  /** The process's whole environment besides PATH (nothing is inherited from the test's). */
  env: Record<string, string | undefined>;
  /** Default 60 s (scaled): tsx compiles on start, and the machine is shared. */
  startTimeoutMs?: number;
  /** Arguments after the entry point. */
  args?: readonly string[];
}

const running = new Set<ChildProcess>();
atExit(() => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/** The signal to every process of the child's group (it leads one: spawned detached). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/** SIGTERM every process still running, then SIGKILL the groups of what is left after `scaled(graceMs)`. */
export async function stopAll(graceMs = 5_000): Promise<void> {
  for (const child of running) child.kill('SIGTERM');
  const deadline = Date.now() + scaled(graceMs);
  while (running.size > 0 && Date.now() < deadline) await sleep(50);
  for (const child of running) killGroup(child, 'SIGKILL');
}

/** Set by scripts/test.mjs for the whole run; every process of the run carries it. */
const TEST_RUN_VARIABLE = 'CONTRAIL_TEST_RUN';

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Node's arguments that run a TypeScript entry point with tsx and the workspace packages' sources. */
function fromSource(entry: string): string[] {
  // CONTRAIL_CPU_PROF_DIR=dir: every started process writes V8 CPU profiles there (one per thread),
  // to see where a bench's time goes (NODE_OPTIONS may not carry --cpu-prof).
  const profiling = process.env.CONTRAIL_CPU_PROF_DIR;
  const prof = profiling ? ['--cpu-prof', `--cpu-prof-dir=${profiling}`] : [];
  return [...prof, '--conditions=source', '--import', 'tsx', entry];
}

/** Runs a TypeScript entry point with tsx and the workspace packages' sources. */
export function startProcess(name: string, entry: string, options: StartOptions): ProcessHandle {
  return startNode(name, [...fromSource(entry), ...(options.args ?? [])], options.env);
}

/**
 * The engine as `npm start` runs it (scripts/run-engine.mjs, here on the engine's sources), in a
 * process group of its own as a terminal runs a command: `process.kill(-handle.pid, signal)`
 * signals it as Ctrl+C does.
 */
export function startLikeNpmStart(env: StartOptions['env']): ProcessHandle {
  const runEngine = pathToFileURL(path.join(repositoryRoot, 'scripts/run-engine.mjs')).href;
  const script = `import { runEngine } from ${JSON.stringify(runEngine)};
runEngine(${JSON.stringify(fromSource(ENTRY_POINTS.engine))});`;
  return startNode('npm start', ['--input-type=module', '--eval', script], env);
}

function startNode(name: string, nodeArgs: string[], env: StartOptions['env']): ProcessHandle {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      // Marks it as this run's: npm test fails on a process of the run still alive at its end.
      ...(process.env[TEST_RUN_VARIABLE] && { [TEST_RUN_VARIABLE]: process.env[TEST_RUN_VARIABLE] }),
      // The run's log capture (test-support/log-capture.global.ts), scanned for leaks at its end.
      ...(process.env[LOG_CAPTURE_VARIABLE] && { [LOG_CAPTURE_VARIABLE]: process.env[LOG_CAPTURE_VARIABLE] }),
      ...definedOnly(env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      // What it started may outlive it (a helper it did not wait for): the group ends with it.
      killGroup(child, 'SIGKILL');
      resolve({ code, signal });
    });
  });
  // The last lines it printed may still be in the pipe when it exits: its output is whole on 'close'.
  let outputEnded = false;
  const ended = new Promise<Exit>((resolve) => child.once('close', () => resolve(exited)));
  void ended.then(() => (outputEnded = true));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  return {
    name,
    child,
    pid: child.pid!,
    output: () => output,
    exited,
    ended,
    async waitFor(pattern, timeoutMs = 30_000) {
      const bound = scaled(timeoutMs);
      const deadline = Date.now() + bound;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (outputEnded) throw new Error(`${name} exited before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${name} did not print ${pattern} within ${bound} ms:\n${output}`);
        await sleep(50);
      }
    },
    async stop(graceMs = 15_000) {
      if (!gone()) child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), scaled(graceMs));
      const exit = await ended;
      clearTimeout(timer);
      return exit;
    },
    async kill() {
      killGroup(child, 'SIGKILL');
      return ended;
    },
  };
}

async function startServer(name: string, entry: string, ready: RegExp, options: StartOptions): Promise<ServerHandle> {
  const handle = startProcess(name, entry, { ...options, env: { PORT: '0', HOST: '127.0.0.1', ...options.env } });
  try {
    await handle.waitFor(ready, options.startTimeoutMs ?? 60_000);
    const port = Number((await handle.waitFor(new RegExp(`"port":(\\d+)[^\\n]*${ready.source}`)))[1]);
    return { ...handle, port, url: `http://127.0.0.1:${port}` };
  } catch (error) {
    await handle.kill();
    throw error;
  }
}

/** An engine (engine/src/main.ts) listening on a free port. */
export function startEngine(options: StartOptions): Promise<ServerHandle> {
  return startServer('engine', ENTRY_POINTS.engine, /Contrail is listening/, options);
}

/** The sandboxes process (engine/src/runtime/sandboxes-main.ts) listening on a free port. */
export function startSandboxes(options: StartOptions): Promise<ServerHandle> {
  return startServer('sandboxes', ENTRY_POINTS.sandboxes, /Contrail sandboxes are listening/, options);
}

/** A workers process (workers/src/main.ts), once its workers run. */
export async function startWorkers(options: StartOptions): Promise<ProcessHandle> {
  const handle = startProcess('workers', ENTRY_POINTS.workers, options);
  try {
    await handle.waitFor(/workers running/, options.startTimeoutMs ?? 60_000);
    return handle;
  } catch (error) {
    await handle.kill();
    throw error;
  }
}

/**
 * The load tests' and benches' clients all send from this machine's one address, standing for many
 * travellers, and retry on the same offers: process-card's per-address and per-offer limits would
 * stop them where real travellers are never stopped.
 */
export const ONE_ADDRESS_FOR_MANY_TRAVELLERS = {
  CARD_LIMIT_PER_ADDRESS: '1000000',
  CARD_LIMIT_PER_OFFER: '1000000',
} as const;

export interface ScaledEnvironment {
  /** What every process of the shape shares: database (its own schema), Redis (its own prefix), secrets. */
  env: Record<string, string>;
  schema: string;
  redisPrefix: string;
  /** Drops the schema and the Redis keys. */
  close(): Promise<void>;
}

/** A fresh PostgreSQL schema, Redis prefix and secrets for one scaled shape. */
export async function scaledEnvironment(services: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<ScaledEnvironment> {
  const id = randomBytes(5).toString('hex');
  const schema = `scaled_${id}`;
  const redisPrefix = `scaled_${id}`;
  const admin = openPostgres({ url: services.databaseUrl, maxConnections: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const separator = services.databaseUrl.includes('?') ? '&' : '?';
  return {
    schema,
    redisPrefix,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: `${services.databaseUrl}${separator}options=-c%20search_path%3D${schema}`,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PII_MASTER_KEY: randomBytes(32).toString('base64'),
      SANDBOX_SECRET: randomBytes(32).toString('hex'),
      SHUTDOWN_TIMEOUT_MS: '5000',
      ...ONE_ADDRESS_FOR_MANY_TRAVELLERS,
    },
    async close() {
      const cleanup = openPostgres({ url: services.databaseUrl, maxConnections: 1 });
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
      const redis = new Redis(services.redisUrl, { maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

export interface ScaledStack {
  environment: ScaledEnvironment;
  sandboxes: ServerHandle;
  engines: ServerHandle[];
  workers: ProcessHandle[];
  /** SIGTERM every process (SIGKILL after the grace), then drop the schema and keys. */
  stop(): Promise<void>;
}

/**
 * The scaled shape without Docker: the sandboxes process, `engines` engines and `workers` workers
 * on the machine's PostgreSQL and Redis, wired as docker-compose.yml wires them (SANDBOX_URL).
 */
export async function scaledStack(options: {
  databaseUrl: string;
  redisUrl: string;
  engines?: number;
  workers?: number;
  /** Added to every process's environment. */
  env?: Record<string, string>;
}): Promise<ScaledStack> {
  const environment = await scaledEnvironment(options);
  const started: ProcessHandle[] = [];
  const track = async <Handle extends ProcessHandle>(starting: Promise<Handle>) => {
    const handle = await starting;
    started.push(handle);
    return handle;
  };
  const stop = async () => {
    await Promise.all(started.map((handle) => handle.stop()));
    await environment.close();
  };
  try {
    const env = { ...environment.env, ...options.env };
    // The sandboxes process applies the migrations first; the engines and workers then start side by side.
    const sandboxes = await track(startSandboxes({ env: { ...env, SANDBOXES_ENABLED: 'true' } }));
    const withSandboxes = { ...env, SANDBOX_URL: sandboxes.url };
    const times = (count: number) => Array.from({ length: count });
    const [engines, workers] = await Promise.all([
      Promise.all(times(options.engines ?? 2).map(() => track(startEngine({ env: withSandboxes })))),
      Promise.all(times(options.workers ?? 1).map(() => track(startWorkers({ env: withSandboxes })))),
    ]);
    return { environment, sandboxes, engines, workers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
