#!/usr/bin/env node
// `npm run dev`: the engine from its TypeScript sources (restarted on change) and the Vite dev
// server with hot module replacement, which proxies /api and /sandbox to the engine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const enginePort = process.env.PORT ?? '5000';
const children = [
  spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--watch', path.join(root, 'engine/src/main.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: enginePort },
    },
  ),
  spawn(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', path.join(root, 'storefront')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ENGINE_URL: `http://127.0.0.1:${enginePort}` },
  }),
];
// Passed on once: a terminal's Ctrl+C also reaches the children themselves (and npm passes it on
// again), and the engine takes the same signal arriving twice within a second as one.
let stopping = false;
const stopAll = (signal) => {
  if (stopping) return;
  stopping = true;
  children.forEach((child) => child.kill(signal));
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
