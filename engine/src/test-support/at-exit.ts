import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Clean-ups run when this test process ends, however a test ended. Vitest stops its workers with
 * SIGTERM, which ends a process without its 'exit' event unless the signal is handled: here it
 * is, by exiting.
 */
const cleanups: Array<() => void> = [];
process.once('exit', () => {
  for (const cleanup of cleanups) cleanup();
});
process.once('SIGTERM', () => process.exit(143));

export function atExit(cleanup: () => void): void {
  cleanups.push(cleanup);
}

/** A fresh folder under the run's TMPDIR (`contrail-<label>-…`), removed when this process ends if not before. */
export function temporaryDirectory(label: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), `contrail-${label}-`));
  atExit(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
