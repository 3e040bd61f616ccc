import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type { CliIo } from '../io.js';
import { runCli } from '../program.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Serves an app on a random local port. */
export async function listen(app: Express): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs the CLI in-process with its own config directory and captured output. */
export async function cliHarness(overrides: Partial<CliIo> = {}) {
  const configDir = await mkdtemp(path.join(tmpdir(), 'contrail-cli-'));
  async function cli(...argv: string[]): Promise<CliRun> {
    let out = '';
    let err = '';
    const io: CliIo = {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      stdin: process.stdin,
      terminal: process.stdout,
      interactive: false,
      env: { TZ: 'UTC' },
      configDir,
      fetch: globalThis.fetch,
      ...overrides,
    };
    const code = await runCli(argv, io);
    return { code, out, err };
  }
  return { cli, configDir, cleanup: () => rm(configDir, { recursive: true, force: true }) };
}
