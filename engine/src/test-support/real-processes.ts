import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real engine and worker processes for the chaos suite (and any test of the scaled shape): each
 * runs from source through test-support/chaos-entry.ts, so a test can arm it to die at a named saga
 * step. Every process started here is stopped by `stopAll()` (call it in afterAll), and killed
 * when the test process exits, whatever happened.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../..');
const ENTRIES = {
  engine: path.join(repositoryRoot, 'engine/src/main.ts'),
  worker: path.join(repositoryRoot, 'workers/src/main.ts'),
};
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

const running = new Set<ChildProcess>();
let killOnExit = false;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'contrail-processes-'));

export async function startProcess(
  kind: 'engine' | 'worker',
  name: string,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<RealProcess> {
  if (!killOnExit) {
    killOnExit = true;
    process.once('exit', () => {
      for (const child of running) child.kill('SIGKILL');
      rmSync(scratch, { recursive: true, force: true });
    });
  }
  const armFile = path.join(scratch, `${name}-${Date.now()}.arm`);
  writeFileSync(armFile, '');
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(here, 'chaos-entry.ts'), ENTRIES[kind], armFile],
    {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const printed = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (ended) throw new Error(`${name} exited before printing ${pattern}:\n${output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`${name} did not print ${pattern} in time:\n${output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const started: RealProcess = {
    name,
    pid: child.pid!,
    url: '',
    output: () => output,
    arm: (step) => writeFileSync(armFile, step),
    printed,
    exited,
    async kill(signal = 'SIGKILL') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  try {
    await printed(READY[kind], options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await started.kill();
    throw error;
  }
  const port = /"msg":"Contrail is listening"/.test(output) ? /"port":(\d+)/.exec(output)?.[1] : undefined;
  return { ...started, url: port ? `http://127.0.0.1:${port}` : '' };
}

/** SIGTERM every process still running, then SIGKILL what is left after `graceMs`. */
export async function stopAll(graceMs = 5_000): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const child of running) child.kill('SIGKILL');
}
