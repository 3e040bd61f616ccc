#!/usr/bin/env node
// `npm test`: type checks every package, then runs every package's tests with Vitest.
// Extra arguments go to Vitest (`npm test -- --project engine src/flights`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function step(label, args) {
  console.log(`\n[test] ${label}`);
  const result = spawnSync(npx, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[test] ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const vitestArgs = process.argv.slice(2);
if (vitestArgs.length === 0) {
  step('type checking the node packages', ['tsc', '-b']);
  step('type checking the storefront', ['tsc', '-p', 'storefront/tsconfig.json', '--noEmit']);
}

// Vitest's JSON report gives the totals for one plain closing line that any CI can read.
const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'contrail-test-')), 'report.json');
const run = spawnSync(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs], {
  cwd: root,
  stdio: 'inherit',
});
try {
  const totals = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = totals.numPendingTests + totals.numTodoTests;
  console.log(`\nTests: ${totals.numPassedTests} passed, ${totals.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.error('[test] no test report was written');
}
process.exit(run.status ?? 1);
