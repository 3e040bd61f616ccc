#!/usr/bin/env node
// `npm test`: type checks every package (sources and tests) while Vitest runs every test, then
// prints both. `npm run test:unit` (`--unit`): the unit tests only, no type check: the fast loop.
// Extra arguments go to Vitest (`npm test -- --project engine src/flights`), without type checks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const packages = ['shared', 'engine', 'workers', 'cli', 'storefront'];

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

async function vitest() {
  // Vitest's JSON report gives the totals for one plain closing line that any CI can read.
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'contrail-test-')), 'report.json');
  const env = unitOnly ? { ...process.env, CONTRAIL_TESTS: 'unit' } : process.env;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const result = await run(npx, ['vitest', 'run', ...reporters, ...vitestArgs], { env });
  return { ...result, report };
}

/** Totals, and every skipped suite named with its reason, so nothing is silently absent. */
function summary(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  const lines = [`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`];
  const skippedSuites = new Map();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo') continue;
      const suite = test.ancestorTitles.at(-1) ?? path.relative(root, file.name);
      skippedSuites.set(suite, (skippedSuites.get(suite) ?? 0) + 1);
    }
  }
  for (const [suite, count] of skippedSuites) lines.push(`  skipped ${count}: ${suite}`);
  return lines.join('\n');
}

const started = Date.now();
const checking = unitOnly || vitestArgs.length > 0 ? undefined : typeCheck();
if (checking)
  console.log('[test] type checking every package (tsc -b, then each tsconfig.test.json) while the tests run');
const tests = await vitest();
const types = await checking;

if (types) console.log(`\n[test] type checks${types.ok ? '' : ' FAILED'}\n${types.output}`);
try {
  console.log(`\n${summary(tests.report)}`);
} catch {
  console.error('[test] no test report was written');
}
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(
  `[test] ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${load} on ${os.availableParallelism()} cores`,
);
process.exit(tests.ok && (types?.ok ?? true) ? 0 : 1);
