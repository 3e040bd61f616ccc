#!/usr/bin/env node
// `npm test`: type checks every package (sources and tests) while Vitest runs every test, then
// prints both. `npm run test:unit` (`--unit`): the unit tests only, no type check: the fast loop.
// Extra arguments go to Vitest (`npm test -- --project engine src/flights`), without type checks.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const packages = ['shared', 'sandboxes', 'engine', 'workers', 'cli', 'storefront'];

const args = process.argv.slice(2);
const unitOnly = args[0] === '--unit';
const vitestArgs = unitOnly ? args.slice(1) : args;

function run(command, commandArgs, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** `tsc -b` (the build's own check, and the declarations the test configs read), then each package's tsconfig.test.json. */
async function typeCheck() {
  const steps = [['tsc', '-b'], ...packages.map((name) => ['tsc', '-p', `${name}/tsconfig.test.json`])];
  let output = '';
  for (const step of steps) {
    const result = await run(npx, step, { quiet: true });
    if (!result.ok) return { ok: false, output: `${step.join(' ')} failed:\n${result.output}` };
    output += `${step.join(' ')}: ok\n`;
  }
  return { ok: true, output };
}

/**
 * Vitest, with a temporary folder of its own for the run (TMPDIR): what is left in it afterwards
 * was left by a test. CONTRAIL_TEST_RUN marks every process of the run (inherited, and passed on
 * by engine/src/test-support/processes.ts), so one still alive at the end is found (leftovers()).
 */
async function vitest(runDir) {
  const tmp = path.join(runDir, 'tmp');
  mkdirSync(tmp);
  const summaryFile = path.join(runDir, 'summary.json');
  const env = {
    ...process.env,
    TMPDIR: tmp,
    CONTRAIL_TEST_RUN: runDir,
    CONTRAIL_TEST_SUMMARY: summaryFile,
    ...(unitOnly && { CONTRAIL_TESTS: 'unit' }),
  };
  const reporters = ['--reporter=default', `--reporter=${path.join(root, 'scripts/test-summary-reporter.mjs')}`];
  const result = await run(npx, ['vitest', 'run', ...reporters, ...vitestArgs], { env });
  return { ...result, runDir, tmp, summaryFile };
}

/** Totals; every suite whose setup failed, with its error; every skipped suite, with its reason. */
function summary(summaryFile) {
  const { totals, skippedSuites, setupFailures, timeScale } = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const lines = [
    `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (time scale ${timeScale})`,
  ];
  for (const { suite, error, notRun } of setupFailures)
    lines.push(
      `  failed in setup or teardown (${notRun} tests not run): ${suite}\n    ${error.split('\n').join('\n    ')}`,
    );
  for (const [suite, count] of Object.entries(skippedSuites)) lines.push(`  skipped ${count}: ${suite}`);
  return lines.join('\n');
}

/** Live processes marked as the run's (CONTRAIL_TEST_RUN; Linux: read from /proc), by pid, with their command. */
function processesOfRun(runDir) {
  if (!existsSync('/proc/self/environ')) return [];
  const marker = `CONTRAIL_TEST_RUN=${runDir}`;
  const found = [];
  for (const pid of readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)) {
    if (pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker)) continue;
      found.push({ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const TEST_FOLDER_PREFIX = 'contrail-';

/**
 * What the tests left behind: processes of this run still alive once Vitest has ended (after a
 * grace for those being killed at its exit), killed here, and test folders left in the run's
 * TMPDIR, removed here with the rest of it. Each is listed; any fails the run.
 */
async function leftovers({ runDir, tmp }) {
  const problems = [];
  const deadline = Date.now() + 10_000;
  let alive = processesOfRun(runDir);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    alive = processesOfRun(runDir);
  }
  for (const { pid, command } of alive) {
    problems.push(`process ${pid} still running (killed now): ${command}`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
  // Tests name their folders contrail-… (temporaryDirectory()); tools' caches there (tsx's) are not theirs.
  for (const name of readdirSync(tmp).filter((entry) => entry.startsWith(TEST_FOLDER_PREFIX)))
    problems.push(`left in the test run's TMPDIR (removed now): ${name}`);
  return problems;
}

const started = Date.now();
const checking = unitOnly || vitestArgs.length > 0 ? undefined : typeCheck();
if (checking)
  console.log('[test] type checking every package (tsc -b, then each tsconfig.test.json) while the tests run');
const runDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-test-'));
const tests = await vitest(runDir);
const types = await checking;
const left = await leftovers(tests);

if (types) console.log(`\n[test] type checks${types.ok ? '' : ' FAILED'}\n${types.output}`);
try {
  console.log(`\n${summary(tests.summaryFile)}`);
} catch {
  console.error('[test] no test summary was written');
}
rmSync(runDir, { recursive: true, force: true });
if (left.length > 0) console.error(`[test] FAILED: the tests left behind:\n  ${left.join('\n  ')}`);
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(
  `[test] ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${load} on ${os.availableParallelism()} cores`,
);
process.exit(tests.ok && (types?.ok ?? true) && left.length === 0 ? 0 : 1);
