#!/usr/bin/env node
// `npm test`: type checks every package, then runs every package's tests with Vitest.
// Extra arguments go to Vitest (`npm test -- --project engine src/flights`).
import { spawnSync } from 'node:child_process';
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
step('running the tests', ['vitest', 'run', ...vitestArgs]);
