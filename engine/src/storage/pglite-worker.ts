import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import pg from 'pg';
import { MessagePortSocket } from './message-port-socket.js';
import { privateDirectory } from './data-dir.js';
import type { FromThread, ThreadData, ToThread } from './pglite-thread.js';
import { sqlClientOnPool } from './postgres.js';
import { whileProgressing } from './progress.js';
import type { SqlClient } from './sql.js';

const DEFAULT_STALL_TIMEOUT_MS = 120_000;

export interface PgliteWorkerOptions {
  /** PGlite's data directory (created 0700; an existing one is kept and tightened to 0700). */
  dataDir: string;
  /** Called once if the database thread stops without close(): every query fails from then on. */
  onUnexpectedExit(error: Error): void;
  /** Connections `pg` opens to the thread; they take turns on PGlite's one backend. */
  maxConnections?: number;
  /** close() waits this long for PGlite to shut down cleanly before stopping the thread. */
  closeTimeoutMs?: number;
  /**
   * Start-up (PGlite's first run creates the database) fails only once it has made no progress
   * for this long (default 2 minutes): however long it takes on a busy machine, never for being slow.
   */
  stallTimeoutMs?: number;
  /** Told what start-up is doing while it lasts: progress lines. */
  onProgress?(line: string): void;
}

export interface PgliteWorkerClient extends SqlClient {
  /** The database's thread (its id shows in diagnostics; tests stop it to play a crash). */
  readonly thread: Worker;
}

/**
 * The embedded default's storage: PGlite runs in its own worker thread and `pg` talks to it over
 * the PostgreSQL wire protocol (through MessagePorts, so nothing listens), so SQL work stays off
 * the engine's event loop and the engine runs the same `pg` code path as on PostgreSQL.
 */
export async function openPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
  privateDirectory(options.dataDir);
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await createDatabase(options);
  const worker = startThread({ dataDir: options.dataDir });
  let failure: Error | undefined;
  let started = false;
  let closing: Promise<void> | undefined;
  const sockets = new Set<MessagePortSocket>();

  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let lastWords: string | undefined;
  worker.on('message', (message: FromThread) => {
    if (message.type === 'failed') lastWords = message.message;
  });
  worker.on('error', (error) => {
    lastWords ??= error.stack ?? error.message;
  });
  void exited.then((code) => {
    failure = closing
      ? new Error('the embedded database is closed')
      : new Error(`the embedded database thread stopped (exit code ${code})${lastWords ? `: ${lastWords}` : ''}`);
    for (const socket of sockets) socket.destroy(failure);
    if (started && !closing) options.onUnexpectedExit(failure);
  });

  try {
    await whileProgressing(ready(worker, exited), {
      what: 'opening the embedded database',
      stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
      advice: `Check that no other process uses ${options.dataDir} and that its disk answers, then start again.`,
      onStillWorking: (elapsedMs) =>
        options.onProgress?.(`still opening the embedded database (${seconds(elapsedMs)})…`),
    });
    started = true;
  } catch (error) {
    await worker.terminate();
    throw new Error(
      `the embedded database (PGlite in ${options.dataDir}) did not start: ${lastWords ?? (error as Error).message}`,
      { cause: error },
    );
  }

  const connect = (): MessagePortSocket => {
    const socket = new MessagePortSocket(() => {
      if (failure) throw failure;
      if (closing) throw new Error('the embedded database is closed');
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ type: 'connect', port: port2 } satisfies ToThread, [port2]);
      return port1;
    });
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };
  const pool = new pg.Pool({
    max: options.maxConnections ?? 4,
    // PGlite has no other database or user; fixed here so PG* environment variables cannot redirect it.
    user: 'postgres',
    database: 'postgres',
    stream: connect,
  });
  // A connection lost while idle must not crash the process: the next query reports the cause.
  pool.on('error', () => {});

  /**
   * Connections first (an open transaction rolls back), then PGlite, all within closeTimeoutMs;
   * past it the thread is stopped, which PGlite survives as it survives a crash.
   */
  async function shutDown(): Promise<void> {
    const deadline = Date.now() + (options.closeTimeoutMs ?? 10_000);
    const connectionsClosed = await within(pool.end(), deadline);
    if (failure) return;
    if (connectionsClosed) {
      worker.postMessage({ type: 'close' } satisfies ToThread);
      if (await within(exited, deadline)) return;
    }
    await worker.terminate();
    throw new Error(
      'the embedded database did not close in time and was stopped: it recovers from its write-ahead log at the next start',
    );
  }

  return { ...sqlClientOnPool(pool, 'pglite', () => (closing ??= shutDown())), thread: worker };
}

/**
 * The thread's module: the compiled .js beside this file, or, when the engine runs from its
 * TypeScript sources (tests, benches), a bootstrap that loads the .ts source through tsx.
 */
function startThread(data: ThreadData): Worker {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  const entry = new URL(fromSource ? './pglite-thread-source.mjs' : './pglite-thread.js', import.meta.url);
  // The thread's JavaScript only passes bytes between PGlite and the ports: a small young generation
  // (V8's default grows to ~32 MB) keeps ~30 MB of the embedded engine's idle memory free.
  return new Worker(entry, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
}

/**
 * PGlite's first run creates the database (initdb) in a thread of its own, which then ends: the
 * several hundred MB that creating it takes (its WebAssembly memory grows and never shrinks) go
 * with the thread, instead of staying with the thread that serves the engine (745 MB of resident
 * memory after a first start, against 290 MB after any later one).
 */
async function createDatabase(options: PgliteWorkerOptions): Promise<void> {
  options.onProgress?.(`creating the embedded database in ${options.dataDir} (the first start only)…`);
  const thread = startThread({ dataDir: options.dataDir, createOnly: true });
  let lastWords: string | undefined;
  thread.on('message', (message: FromThread) => {
    if (message.type === 'failed') lastWords = message.message;
  });
  thread.on('error', (error) => (lastWords ??= error.stack ?? error.message));
  const code = await whileProgressing(new Promise<number>((resolve) => thread.once('exit', resolve)), {
    what: 'creating the embedded database',
    stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    // Its files are written once the database is complete: what is there is unfinished, with no data yet.
    advice: `Check that its disk answers, delete ${options.dataDir} and start again.`,
    onStillWorking: (elapsedMs) =>
      options.onProgress?.(`still creating the embedded database (${seconds(elapsedMs)})…`),
  }).catch(async (error: unknown) => {
    await thread.terminate();
    throw error;
  });
  if (code !== 0) {
    throw new Error(
      `the embedded database (PGlite in ${options.dataDir}) could not be created: ${lastWords ?? `exit code ${code}`}`,
    );
  }
}

/** Whether `promise` settles before `deadline` (epoch ms). */
async function within(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), false)),
  );
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

function ready(worker: Worker, exited: Promise<number>): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromThread) => {
      if (message.type !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    void exited.then((code) => reject(new Error(`exited with code ${code}`)));
  });
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1_000)} s so far`;
}
