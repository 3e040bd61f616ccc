/**
 * Vitest global setup: every Contrail process of the test run (in-process loggers and the real
 * processes test-support/processes.ts starts) appends its logs to one file; at the end the run
 * fails if that file holds a card-like number or an email address outside the redaction marker.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_CAPTURE_VARIABLE } from '../logging/destination.js';
import { findLeaks } from '../logging/leaks.js';

let directory: string | undefined;

export function setup(): void {
  directory = mkdtempSync(path.join(os.tmpdir(), 'contrail-test-logs-'));
  const file = path.join(directory, 'all.log');
  writeFileSync(file, '', { mode: 0o600 });
  process.env[LOG_CAPTURE_VARIABLE] = file;
}

export function teardown(): void {
  const file = process.env[LOG_CAPTURE_VARIABLE];
  if (!file || !directory) return;
  const text = readFileSync(file, 'utf8');
  const leaks = findLeaks(text);
  const lines = text.split('\n').filter(Boolean).length;
  rmSync(directory, { recursive: true, force: true });
  if (leaks.length > 0) {
    throw new Error(`The test run's logs (${lines} lines) leaked personal data: ${leaks.slice(0, 10).join(', ')}`);
  }
  console.info(`[contrail tests] scanned ${lines} log lines of the whole run: no card numbers, no emails`);
}
