import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngine, startLikeNpmStart, type ProcessHandle, type ServerHandle } from '../test-support/processes.js';
import { migratedDataDir } from '../test-support/sql-templates.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const SHUTDOWN_TIMEOUT_MS = 3_000;
/** Time for the signal to arrive and the process to be reaped, on a busy shared machine. */
const MARGIN_MS = 3_000;

async function engine(): Promise<ServerHandle> {
  const dataDir = await migratedDataDir('sigterm');
  return startEngine({
    env: { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
  });
}

/** Requests that each log a line, for a while, so that an unread stdout pipe fills up. */
async function logALot(url: string, forMs: number): Promise<void> {
  const until = Date.now() + forMs;
  const worker = async () => {
    while (Date.now() < until) {
      await fetch(`${url}/api/nothing-here?${'x'.repeat(2_000)}`, { signal: AbortSignal.timeout(scaled(1_000)) }).catch(
        () => {},
      );
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

async function exitsWithinTheTimeout(handle: ServerHandle): Promise<{ code: number | null; elapsedMs: number }> {
  const started = Date.now();
  handle.child.kill('SIGTERM');
  const killer = setTimeout(() => handle.child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS + 20_000);
  const exit = await handle.exited;
  clearTimeout(killer);
  return { code: exit.code, elapsedMs: Date.now() - started };
}

/** Issue 15 item 8: SIGTERM ends the engine within SHUTDOWN_TIMEOUT_MS, whatever became of its stdout. */
describe('the engine on SIGTERM', { timeout: scaled(120_000) }, () => {
  it('exits while nobody reads its stdout (a full pipe)', async () => {
    const handle = await engine();
    handle.child.stdout!.removeAllListeners('data');
    handle.child.stdout!.pause();
    await logALot(handle.url, 3_000);
    const { elapsedMs } = await exitsWithinTheTimeout(handle);
    expect(elapsedMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + MARGIN_MS);
  });

  it('exits when its stdout is gone (EPIPE: the reader exited)', async () => {
    const handle = await engine();
    handle.child.stdout!.destroy();
    await logALot(handle.url, 1_000);
    const { code, elapsedMs } = await exitsWithinTheTimeout(handle);
    expect(code).toBe(0);
    expect(elapsedMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + MARGIN_MS);
  });

  it('takes one Ctrl+C that arrives twice (from the terminal and from a parent such as node --watch) as one', async () => {
    const handle = await engine();
    handle.child.kill('SIGINT');
    handle.child.kill('SIGINT');
    expect(await handle.exited, handle.output()).toEqual({ code: 0, signal: null });
    expect(handle.output()).toContain('shut down cleanly');
  });
});

/**
 * Issue 30: a terminal's Ctrl+C signals the whole process group (npm start's scripts/run-engine.mjs
 * and the engine); a supervisor such as npm signals run-engine.mjs alone. Either way the engine
 * shuts down cleanly, once.
 */
describe('the engine run as npm start runs it', { timeout: scaled(180_000) }, () => {
  let started: { handle: ProcessHandle; dataDir: string } | undefined;
  afterEach(async () => {
    await started?.handle.kill();
    if (started) await rm(started.dataDir, { recursive: true, force: true });
    started = undefined;
  });

  async function listening(): Promise<ProcessHandle> {
    const dataDir = await migratedDataDir('npm-start');
    const handle = startLikeNpmStart({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Generous: this is about which signals arrive, not how fast a busy machine drains.
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    started = { handle, dataDir };
    await handle.waitFor(/Contrail is listening/, 150_000);
    return handle;
  }

  const cases: Array<[string, (handle: ProcessHandle) => void]> = [
    ['Ctrl+C (SIGINT to the process group)', (handle) => process.kill(-handle.pid, 'SIGINT')],
    ['SIGTERM to the process group', (handle) => process.kill(-handle.pid, 'SIGTERM')],
    ['SIGTERM to npm start alone, as npm passes it on', (handle) => handle.child.kill('SIGTERM')],
  ];
  it.each(cases)('shuts down cleanly on %s and exits 0', async (_, signal) => {
    const handle = await listening();
    signal(handle);
    expect(await handle.exited, handle.output()).toEqual({ code: 0, signal: null });
    expect(handle.output()).toContain('shut down cleanly');
  });
});
