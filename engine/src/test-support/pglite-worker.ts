import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPgliteWorker, type PgliteWorkerClient } from '../storage/pglite-worker.js';
import { copyMigratedTemplate } from './sql-templates.js';

export interface PgliteWorkerDatabase extends PgliteWorkerClient {
  dataDir: string;
  /** Set once the thread stopped without close(). */
  unexpectedExit: Error | undefined;
}

/**
 * The embedded default's real storage for tests: PGlite on disk in a fresh temporary directory,
 * in its own thread, spoken to by `pg`. Slower to open than in-process PGlite (sql.ts), so only
 * the suites about this path use it. Closing it deletes the directory.
 */
export async function openPgliteWorkerForTest({ migrate = true } = {}): Promise<PgliteWorkerDatabase> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'contrail-pglite-worker-'));
  const dataDir = path.join(root, 'pglite');
  let unexpectedExit: Error | undefined;
  // Migrated: a copy of the template (sql-templates.ts), as every other suite's database.
  if (migrate) await copyMigratedTemplate(dataDir);
  const db = await openPgliteWorker({ dataDir, onUnexpectedExit: (error) => (unexpectedExit = error) });
  return {
    ...db,
    dataDir,
    get unexpectedExit() {
      return unexpectedExit;
    },
    async close() {
      await db.close().finally(() => rm(root, { recursive: true, force: true }));
    },
  };
}
