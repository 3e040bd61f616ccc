import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

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

/**
 * A fresh folder under the run's TMPDIR (`contrail-<label>-…`), removed once the test that made it
 * has finished, however it ended; one made outside a test (in a hook), when this process ends.
 * At the end is a last resort: Vitest SIGKILLs a worker that takes over 500 ms to exit, and
 * removing data folders on a busy machine takes longer.
 */
export function temporaryDirectory(label: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), `contrail-${label}-`));
  const remove = () => rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
  if (getCurrentTest()) onTestFinished(remove);
  else atExit(remove);
  return directory;
}
