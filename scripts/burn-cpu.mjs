#!/usr/bin/env node
// Runs a command while CPU burners keep the cores busy, to see the suite hold under load:
//
//   node scripts/burn-cpu.mjs [--burners N] -- npm run test:unit
//
// N burners (default: one per core), each a `node` process spinning forever, are started first and
// stopped by their pids once the command ends, however it ends (its exit code is passed on; Ctrl+C
// and SIGTERM stop the burners too). Prints the command's wall time and the load averages.
import { spawn } from 'node:child_process';
import os from 'node:os';

const BURN = 'for (;;);';

function parseArguments(argv) {
  const separator = argv.indexOf('--');
  const options = separator === -1 ? [] : argv.slice(0, separator);
  const command = separator === -1 ? argv : argv.slice(separator + 1);
  const at = options.indexOf('--burners');
  const burners = at === -1 ? os.availableParallelism() : Number(options[at + 1]);
  if (command.length === 0 || !Number.isInteger(burners) || burners < 0) {
    console.error('usage: node scripts/burn-cpu.mjs [--burners N] -- command [args...]');
    process.exit(2);
  }
  return { burners, command };
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const { burners: count, command } = parseArguments(process.argv.slice(2));
const burners = Array.from({ length: count }, () => spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' }));
const stopBurners = () => {
  for (const burner of burners) {
    try {
      process.kill(burner.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
};
process.once('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

console.log(`[burn-cpu] ${count} burners (pids ${burners.map((burner) => burner.pid).join(', ')}), load ${load()}`);
const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const code = await new Promise((resolve) => {
  child.once('error', (error) => {
    console.error(`[burn-cpu] could not run ${command[0]}: ${error.message}`);
    resolve(127);
  });
  child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + os.constants.signals[signal] : 1)));
});
stopBurners();
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`[burn-cpu] ${command.join(' ')}: exit ${code} after ${seconds} s; load ${load()}; burners stopped`);
process.exit(code);
