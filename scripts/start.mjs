#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs the engine, which serves the
// storefront, the API and the provider sandboxes on one port with embedded storage in ./.data.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './build-state.mjs';
import { runEngine } from './run-engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(label, command, args) {
  console.log(`[start] ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const nodePackages = ['shared', 'engine', 'workers', 'cli'];
if (
  nodePackages.some((name) => isStale(at(name, 'dist', '.tsbuildinfo'), [at(name, 'src'), at(name, 'package.json')]))
) {
  run('building the engine (tsc -b)', npx, ['tsc', '-b']);
}
const storefrontInputs = [
  at('storefront', 'src'),
  at('storefront', 'index.html'),
  at('storefront', 'vite.config.ts'),
  at('storefront', 'build'),
  at('shared', 'src'),
];
if (isStale(at('storefront', 'dist', 'index.html'), storefrontInputs)) {
  run('building the storefront (vite build)', npx, ['vite', 'build', '--logLevel', 'warn', at('storefront')]);
}

runEngine([at('engine', 'dist', 'main.js')]);
