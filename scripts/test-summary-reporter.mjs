// A Vitest reporter (scripts/test.mjs adds it) that writes the run's totals to the JSON file named by
// CONTRAIL_TEST_SUMMARY. A suite whose setup or teardown failed (a hook that threw) is a failure
// with its error, its tests that never ran counted as failed; skipped means skipped on purpose
// (`describe.skipIf` for a missing service, whose title gives the reason).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The nearest suite (or the file) above `test` whose own hooks or collection failed. */
function failedAncestor(test) {
  for (let node = test.parent; node; node = node.type === 'module' ? undefined : node.parent) {
    if (node.errors().length > 0) return node;
  }
  return undefined;
}

/** The error's message, and where in our code it was thrown when Vitest knows. */
function described(error) {
  const where = error.stacks?.find((frame) => !frame.file.includes('/node_modules/'));
  const at = where ? ` (at ${path.relative(process.cwd(), where.file)}:${where.line})` : '';
  return `${error.name ?? 'Error'}: ${error.message}${at}`;
}

const nameOf = (node) => (node.type === 'module' ? path.relative(process.cwd(), node.moduleId) : node.fullName);

/** Every suite and file with errors of its own, each with the tests it kept from running. */
function setupFailures(testModules) {
  const failures = new Map();
  for (const module of testModules) {
    for (const node of [module, ...module.children.allSuites()]) {
      if (node.errors().length === 0) continue;
      failures.set(node, { suite: nameOf(node), error: described(node.errors()[0]), notRun: 0 });
    }
  }
  return failures;
}

export default class SummaryReporter {
  onTestRunEnd(testModules) {
    const failures = setupFailures(testModules);
    const totals = { passed: 0, failed: 0, skipped: 0 };
    const skippedSuites = {};
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed' || state === 'failed') {
          totals[state] += 1;
          continue;
        }
        const failed = failedAncestor(test);
        if (failed) {
          failures.get(failed).notRun += 1;
          continue;
        }
        totals.skipped += 1;
        const suite = test.parent.type === 'suite' ? test.parent.name : nameOf(module);
        skippedSuites[suite] = (skippedSuites[suite] ?? 0) + 1;
      }
    }
    // A failed setup counts the tests it kept from running; a failed teardown (all its tests ran) counts once.
    for (const failure of failures.values()) totals.failed += Math.max(failure.notRun, 1);
    const file = process.env.CONTRAIL_TEST_SUMMARY;
    const timeScale = process.env.TEST_TIME_SCALE;
    if (file)
      writeFileSync(file, JSON.stringify({ totals, skippedSuites, setupFailures: [...failures.values()], timeScale }));
  }
}
