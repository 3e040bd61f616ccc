#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs the engine, which serves the
// storefront, the API and the provider sandboxes on one port with embedded storage in ./.data.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './build-state.mjs';
import { runEngine } from './run-engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const STILL_EVERY_MS = 15_000;
// A reader that went away (a closed pipe) must not end the build or the engine with an EPIPE.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

/** A build has no time limit (it only takes longer on a slower machine): it says that it still runs. */
function run(step, what, command, args) {
  console.log(`[start] ${step} ${what}…`);
  const startedAt = Date.now();
  const still = setInterval(() => {
    console.log(`[start] ${step} still ${what}: ${Math.round((Date.now() - startedAt) / 1000)} s so far…`);
  }, STILL_EVERY_MS);
  return new Promise((resolve) => {
    spawn(command, args, { cwd: root, stdio: 'inherit' }).on('exit', (code) => {
      clearInterval(still);
      if (code === 0) return resolve();
      console.error(`[start] ${what} failed`);
      process.exit(code ?? 1);
    });
  });
}

const builds = [];
const nodePackages = ['shared', 'sandboxes', 'engine', 'workers', 'cli'];
if (
  nodePackages.some((name) => isStale(at(name, 'dist', '.tsbuildinfo'), [at(name, 'src'), at(name, 'package.json')]))
) {
  builds.push(['building the engine (tsc -b)', npx, ['tsc', '-b']]);
}
const storefrontInputs = [
  at('storefront', 'src'),
  at('storefront', 'index.html'),
  at('storefront', 'vite.config.ts'),
  at('storefront', 'build'),
  at('shared', 'src'),
];
if (isStale(at('storefront', 'dist', 'index.html'), storefrontInputs)) {
  builds.push(['building the storefront (vite build)', npx, ['vite', 'build', '--logLevel', 'warn', at('storefront')]]);
}
for (const [index, [what, command, args]] of builds.entries()) {
  await run(`(${index + 1}/${builds.length})`, what, command, args);
}

runEngine([at('engine', 'dist', 'main.js')]);
