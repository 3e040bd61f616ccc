/**
 * The chaos suite's process entry: `node --conditions=source --import tsx chaos-entry.ts <entry> [arm-file]`.
 * Installs a saga probe, then runs the real entry (the engine's main.ts or the workers' main.ts).
 * Whenever the process reaches a named saga step (bookings/saga/steps.ts), it reads the arm file:
 * when the file names that step, the process says so on stderr and SIGKILLs itself right there,
 * as a crash (power cut, OOM kill) would stop it. SIGUSR2 prints the SQL it sent so far (sql-count-probe.ts).
 * CHAOS_CLOCK_BEHIND_MS sets the process's clock (systemClock) that far back: what it records happened
 * that long ago, so a job timed from it (a bank check's 30 minutes) is due at once, with no real wait.
 */
import { readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { systemClock } from '@contrail/shared/time/clock';
import { installSagaProbe } from '../bookings/saga/steps.js';
import { installSqlCountProbe } from './sql-count-probe.js';

const [entry, armFile] = process.argv.slice(2);
if (!entry) throw new Error('usage: chaos-entry.ts <entry module> [arm file]');

function armedStep(): string {
  if (!armFile) return '';
  try {
    return readFileSync(armFile, 'utf8').trim();
  } catch {
    return '';
  }
}

installSagaProbe((step) => {
  if (armedStep() !== step) return;
  writeSync(2, `chaos: killed at ${step}\n`);
  process.kill(process.pid, 'SIGKILL');
  // Nothing more may run while the signal lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
});

const behindMs = Number(process.env.CHAOS_CLOCK_BEHIND_MS ?? 0);
if (behindMs > 0) systemClock.now = () => new Date(Date.now() - behindMs);

// The scale benchmark asks each process for its statements and rows per booking.
installSqlCountProbe();

await import(pathToFileURL(path.resolve(entry)).href);
