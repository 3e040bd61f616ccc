import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'engine/src/main.ts');

/** Runs the engine's real entry point from source, as `npm run dev` does. */
function startEngine(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(stdout)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}: ${stdout}\n${stderr}`);
      if (child.exitCode !== null) throw new Error(`The engine exited early: ${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

describe('the engine process', () => {
  it('refuses to start with a bad variable and names it', async () => {
    const engine = startEngine({ PORT: 'eighty' });
    expect(await engine.exited).toBe(1);
    expect(engine.output().stderr).toContain('PORT');
  });

  it('serves /healthz, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-main-'));
    const engine = startEngine({ PORT: '0', DATA_DIR: dataDir });
    await engine.waitFor(/Contrail is listening/, 60_000);
    const port = /"port":(\d+)/.exec(engine.output().stdout)?.[1];
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    engine.child.kill('SIGTERM');
    expect(await engine.exited).toBe(0);
    expect(engine.output().stdout).toContain('shut down cleanly');
  }, 90_000);
});
