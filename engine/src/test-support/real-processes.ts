import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { atExit } from './at-exit.js';
import { ENTRY_POINTS, ONE_ADDRESS_FOR_MANY_TRAVELLERS, startProcess as startEntry } from './processes.js';

export { stopAll } from './processes.js';

/**
 * Engine and worker processes for the chaos suite, on the process harness (processes.ts): each
 * runs through test-support/chaos-entry.ts, so a test can arm it to die at a named saga step.
 * Stop them with `stopAll()` in afterAll; they are killed when the test process exits anyway.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const ENTRIES = { engine: ENTRY_POINTS.engine, worker: ENTRY_POINTS.workers };
const READY = { engine: /"msg":"Contrail is listening"/, worker: /"msg":"workers running"/ };

export interface RealProcess {
  name: string;
  pid: number;
  /** The engine's base URL (engines only). */
  url: string;
  output(): string;
  /** Arms the process to SIGKILL itself when it next reaches this saga step ('' disarms). */
  arm(step: string): void;
  /** Resolves when the output matches, rejects when the process exits first or after the timeout. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<void>;
  readonly exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

let scratch: string | undefined;
function armFileFor(name: string): string {
  if (!scratch) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contrail-processes-'));
    atExit(() => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  const file = path.join(scratch, `${name}-${Date.now()}.arm`);
  writeFileSync(file, '');
  return file;
}

export async function startProcess(
  kind: 'engine' | 'worker',
  name: string,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<RealProcess> {
  const armFile = armFileFor(name);
  const handle = startEntry(name, path.join(here, 'chaos-entry.ts'), {
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...ONE_ADDRESS_FOR_MANY_TRAVELLERS,
      ...env,
    },
    args: [ENTRIES[kind], armFile],
  });
  const exited = handle.ended.then((exit) => exit.code);
  const started: RealProcess = {
    name,
    pid: handle.pid,
    url: '',
    output: handle.output,
    arm: (step) => writeFileSync(armFile, step),
    printed: async (pattern, timeoutMs = 60_000) => void (await handle.waitFor(pattern, timeoutMs)),
    exited,
    async kill(signal = 'SIGKILL') {
      if (handle.child.exitCode === null && handle.child.signalCode === null) handle.child.kill(signal);
      return exited;
    },
  };
  try {
    await started.printed(READY[kind], options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await started.kill();
    throw error;
  }
  const port = kind === 'engine' ? /"port":(\d+)/.exec(handle.output())?.[1] : undefined;
  return { ...started, url: port ? `http://127.0.0.1:${port}` : '' };
}
