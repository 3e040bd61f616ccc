/**
 * The scaled stack in Docker (issue 30): builds the image and starts docker-compose.yml, where a
 * Docker engine with Compose is reachable; skipped with the reason elsewhere (CI has no Docker).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function dockerUnavailable(): Promise<string | undefined> {
  try {
    await run('docker', ['compose', 'version']);
    await run('docker', ['info']);
    return undefined;
  } catch {
    return 'no Docker engine with Compose is reachable';
  }
}

const unavailable = await dockerUnavailable();
if (unavailable) console.info(`[contrail tests] ${unavailable}: the scaled stack in Docker is skipped`);

describe.skipIf(unavailable !== undefined)(
  `the scaled stack in Docker${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  { timeout: 30 * 60_000 },
  () => {
    const project = `contrail-test-${randomBytes(4).toString('hex')}`;
    let overrideDir: string | undefined;
    const compose = (...args: string[]) =>
      run(
        'docker',
        ['compose', '-p', project, '-f', 'docker-compose.yml', '-f', path.join(overrideDir!, 'test.yml'), ...args],
        {
          cwd: root,
          maxBuffer: 64 * 1024 * 1024,
          env: {
            ...process.env,
            SESSION_SECRET: randomBytes(32).toString('hex'),
            SANDBOX_SECRET: randomBytes(32).toString('hex'),
            PII_MASTER_KEY: randomBytes(32).toString('base64'),
            ADMIN_PASSWORD: randomBytes(16).toString('hex'),
          },
        },
      );

    afterAll(async () => {
      if (overrideDir) await compose('down', '--volumes', '--remove-orphans').catch(() => {});
      if (overrideDir) await rm(overrideDir, { recursive: true, force: true });
    });

    it('builds the image and starts every service healthy, the engines answering through nginx', async () => {
      overrideDir = await mkdtemp(path.join(os.tmpdir(), 'contrail-compose-'));
      // Nothing published on this machine's ports, which other stacks or engines may hold.
      await writeFile(
        path.join(overrideDir, 'test.yml'),
        'services:\n  kurrentdb:\n    ports: !reset []\n  proxy:\n    ports: !reset []\n',
      );
      await compose('up', '--build', '--detach', '--wait', '--wait-timeout', '1200');
      const { stdout } = await compose('exec', '-T', 'proxy', 'wget', '-qO-', 'http://127.0.0.1/readyz');
      expect(JSON.parse(stdout)).toMatchObject({ status: 'ready' });
    });
  },
);
