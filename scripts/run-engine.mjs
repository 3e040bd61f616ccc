// Runs the engine as `npm start` does: in a child process with the engine's environment
// (engine-env.mjs), exiting with its exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineEnv } from './engine-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `nodeArgs`: the engine's entry and Node's options. A terminal's Ctrl+C signals the engine itself
 * (it shares this process group) and this process, often twice (npm passes it on too). So once the
 * engine handles signals (it says so over IPC), a signal here is passed on only as a request to
 * stop, which the engine never counts as the second signal that makes it exit at once. Before
 * that, a signal ends the engine as it would end any process.
 */
export function runEngine(nodeArgs) {
  const engine = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: engineEnv(),
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  let handlesSignals = false;
  engine.on('message', (message) => {
    if (message?.type === 'handling-signals') handlesSignals = true;
  });
  const passOn = (signal) => {
    if (!handlesSignals) engine.kill(signal);
    else if (engine.connected) engine.send({ type: 'stop', signal });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, passOn);
  engine.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
