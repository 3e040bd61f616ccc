import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedSecret, privateDirectory, writePrivateFile } from './data-dir.js';
import { openPglite } from './pglite.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { temporaryDirectory } from '../test-support/at-exit.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('DATA_DIR and its secrets', () => {
  it(
    "are the owner's alone: directories 0700, secret files 0600, also when they existed wider",
    async () => {
      const root = temporaryDirectory('data-dir');
      const dataDir = path.join(root, 'data');
      mkdirSync(dataDir, { mode: 0o755 });
      writeFileSync(path.join(dataDir, 'session-secret'), 'x'.repeat(40), { mode: 0o644 });

      privateDirectory(dataDir);
      expect(mode(dataDir)).toBe(0o700);
      expect(await generatedSecret(dataDir, 'session-secret')).toBe('x'.repeat(40));
      expect(mode(path.join(dataDir, 'session-secret'))).toBe(0o600);
      const sandbox = await generatedSecret(dataDir, 'sandbox-secret');
      expect(sandbox.length).toBeGreaterThanOrEqual(32);
      expect(mode(path.join(dataDir, 'sandbox-secret'))).toBe(0o600);
      await writePrivateFile(path.join(dataDir, 'initial-admin-password'), 'secret\n');
      expect(mode(path.join(dataDir, 'initial-admin-password'))).toBe(0o600);

      const db = await openPglite(path.join(root, 'fresh', 'pglite'));
      await db.close();
      expect(mode(path.join(root, 'fresh'))).toBe(0o700);
      expect(mode(path.join(root, 'fresh', 'pglite'))).toBe(0o700);
      // Creating a PGlite database runs initdb: seconds when idle, much longer on a busy machine.
    },
    scaled(90_000),
  );
});
