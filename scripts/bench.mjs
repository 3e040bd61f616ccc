#!/usr/bin/env node
// Runs every benchmark script (`<package>/src/**/*.bench.ts`) one after another, each in its own
// process so that one subject's load never colours another's figures. Each prints its own table.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['shared', 'sandboxes', 'engine', 'workers', 'storefront', 'cli'];
const only = process.argv.slice(2);

function benchFiles(directory) {
  const found = [];
  for (const entry of readdirSync(directory)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) found.push(...benchFiles(full));
    else if (entry.endsWith('.bench.ts')) found.push(full);
  }
  return found;
}

const files = packages
  .flatMap((name) => benchFiles(path.join(root, name, 'src')))
  .filter((file) => only.length === 0 || only.some((word) => path.relative(root, file).includes(word)))
  .sort();

if (files.length === 0) {
  console.error('No benchmark matched.');
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n## ${path.relative(root, file)}\n`);
  const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
