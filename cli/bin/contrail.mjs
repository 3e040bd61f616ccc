#!/usr/bin/env node
// Runs the built CLI (dist/main.js) when it is at least as new as the sources; otherwise the
// TypeScript sources through tsx, so `npx contrail` in the repo never runs a stale build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = path.join(cliDir, 'dist', 'main.js');
const source = path.join(cliDir, 'src', 'main.ts');
// tsc -b leaves unchanged outputs alone but always touches its build info: that dates the build.
const buildInfo = path.join(cliDir, 'dist', '.tsbuildinfo');

function newestChange(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(cliDir, 'src'), path.join(cliDir, '..', 'shared', 'src')];
const builtIsCurrent =
  existsSync(built) &&
  (!existsSync(source) ||
    (existsSync(buildInfo) && statSync(buildInfo).mtimeMs >= Math.max(...sources.map(newestChange))));

if (builtIsCurrent) {
  await import(pathToFileURL(built).href);
} else {
  // "source" makes workspace packages resolve to their TypeScript sources, as in the tests.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', source, ...process.argv.slice(2)], {
    stdio: 'inherit',
    // tsx would otherwise take the repo root's tsconfig, which has no JSX settings.
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(cliDir, 'tsconfig.json') },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
