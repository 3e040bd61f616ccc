import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { scaled, timeScale, TIME_SCALE_VARIABLE } from './shared/src/test-support/time-scale.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

// Set once, here, before any worker starts, so that every worker starts from the same scale
// (shared/src/test-support/time-scale.ts).
process.env[TIME_SCALE_VARIABLE] = String(timeScale());

/**
 * Workspace packages resolve through their package.json "exports" with the "source" condition:
 * tests need no build, and a test can import only what a package really exports.
 */
const sourceConditions = { conditions: ['source', 'module', 'node', 'development|production'] };
/** Vite's resolve settings for every environment a project uses (tests, SSR, global setups). */
const sourceResolution = {
  resolve: sourceConditions,
  ssr: { resolve: sourceConditions },
  environments: { __vitest__: { resolve: sourceConditions } },
};

/**
 * A test file is an integration test when it imports a service or process: a database or queue
 * backend or an app from the engine's test-support, the engine from another package, a driver,
 * a child process or a browser. Everything else is a unit test: no I/O, milliseconds, run by
 * `npm run test:unit` (CONTRAIL_TESTS=unit). `npm test` runs both.
 */
const integrationImports = [
  /\/engine\/src\/test-support\/(?!index\.js$)/,
  /\/engine\/src\/(?:admin|bookings)\/test-support\//,
  /\/sandboxes\/src\/test-support\/sql\.js$/,
  /^@contrail\/engine(?:\/testing)?$/,
  /^(?:node:child_process|playwright-core|testcontainers|bullmq|ioredis|pg|@electric-sql\/pglite)$/,
  /\/storage\/(?:pglite|postgres)\.js$/,
];
const importedFrom = /from\s+['"]([^'"]+)['"]/g;

function isIntegrationTest(file: string): boolean {
  return [...readFileSync(file, 'utf8').matchAll(importedFrom)].some(([, specifier = '']) => {
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier;
    return integrationImports.some((pattern) => pattern.test(target));
  });
}

const unitOnly = process.env.CONTRAIL_TESTS === 'unit';
const testFiles = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

/** In the unit loop, a package's integration test files (relative to the package) are left out. */
function integrationTestsOf(name: string): string[] {
  if (!unitOnly) return [];
  const cwd = path.join(root, name);
  return globSync(testFiles, { cwd }).filter((file) => isIntegrationTest(path.join(cwd, file)));
}

/** Builds the migrated database templates once, before any worker needs them. */
const databaseTemplates = unitOnly ? [] : [path.join(root, 'engine/src/test-support/global-setup.ts')];

const nodeProject = (name: string, options: { databases?: boolean } = {}) => ({
  ...sourceResolution,
  test: {
    name,
    root: path.join(root, name),
    environment: 'node' as const,
    include: testFiles,
    exclude: ['**/node_modules/**', ...integrationTestsOf(name)],
    testTimeout: scaled(20_000),
    hookTimeout: scaled(60_000),
    globalSetup: options.databases ? databaseTemplates : [],
    // Files in one worker share the loaded modules: importing the engine afresh for every file was
    // most of the suite's time. Node tests keep no state in modules (no vi.mock, no globals);
    // each file opens its own database from the migrated template.
    isolate: false,
  },
});

/**
 * The slowest files (a browser, or processes killed at every step) start first: a fresh clone has
 * no timings for Vitest to go by, so it orders files by size and these long, small files used to
 * start last and end the run alone. The rest keep Vitest's own order.
 */
const SLOW_FILES_FIRST = [
  // Waits for quiet between bookings, longer on a busy machine: 70 s at load 4, 200 s at load 14.
  /\/bookings\/statements\.test\.ts$/,
  /\/saga\/chaos\.test\.ts$/,
  /\/e2e\/axe\.test\.ts$/,
  /\/lifecycle\/shutdown\.test\.ts$/,
  /\/leases\/takeover\.test\.ts$/,
  /\/e2e\/booking-journey\.test\.ts$/,
  /\/storage\/pglite-worker\.test\.ts$/,
  /\/saga\/saga-faults\.test\.ts$/,
  /\/http\/fuzz\.test\.ts$/,
  /\/checkout\/booking-request-faults\.test\.ts$/,
  /\/e2e\/hold-journey\.test\.ts$/,
  /\/e2e\/after-booking-journey\.test\.ts$/,
  /\/e2e\/csp\.test\.ts$/,
  /\/e2e\/three-d-secure\.test\.ts$/,
  /\/e2e\/webhooks\.test\.ts$/,
  /\/jobs\/in-process-crash\.test\.ts$/,
  /\/e2e\/admin-pages\.test\.ts$/,
];

/** Fisher-Yates with a seeded generator (mulberry32): the same seed gives the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * In CI the storefront's jsdom files (one shared window per worker, isolate: false) run in a random
 * order, so a test that leans on what an earlier file left behind fails there. Vitest's own
 * `sequence.shuffle` applies to every project at once (file order is the root sequencer's), hence here.
 * The seed is printed; `--sequence.seed=N` replays an order.
 */
const SHUFFLED_PROJECT = process.env.CI ? 'storefront' : undefined;

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? SLOW_FILES_FIRST.length : index;
    };
    const sorted = [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
    return SHUFFLED_PROJECT ? this.#shuffleProject(sorted, SHUFFLED_PROJECT) : sorted;
  }

  /** The project's files, in a seeded random order, in the places its files had. */
  #shuffleProject(files: TestSpecification[], project: string): TestSpecification[] {
    const seed = this.ctx.config.sequence.seed ?? Date.now();
    console.log(`[vitest] ${project} files in random order: seed ${seed} (--sequence.seed=${seed} replays it)`);
    const order = shuffled(
      files.filter((file) => file.project.name === project),
      seed,
    );
    return files.map((file) => (file.project.name === project ? order.shift()! : file));
  }
}

export default defineConfig({
  // Global setups (database templates, log capture) load through the root config.
  ...sourceResolution,
  test: {
    /**
     * Integration tests mostly wait (PostgreSQL, Redis, timers, child processes), so more files than
     * cores run at once: 3 keep 2 cores busy without starving timing-sensitive tests (Vitest's own
     * default here would be 1). CONTRAIL_TEST_WORKERS overrides it.
     */
    maxWorkers: Number(process.env.CONTRAIL_TEST_WORKERS ?? 3),
    sequence: { sequencer: SlowFilesFirst },
    // Scans the whole run's logs for card numbers and emails (engine/src/test-support/log-capture.global.ts).
    globalSetup: ['./engine/src/test-support/log-capture.global.ts'],
    projects: [
      nodeProject('shared'),
      nodeProject('sandboxes'),
      nodeProject('engine', { databases: true }),
      nodeProject('workers'),
      nodeProject('cli', { databases: true }),
      // The storefront's own config (its Vite plugins and jsdom), with the suite's bounds.
      { extends: './storefront/vite.config.ts', test: { testTimeout: scaled(20_000), hookTimeout: scaled(10_000) } },
      // The storefront's browser journey: the real engine in-process and real Chromium.
      ...(unitOnly
        ? []
        : [
            {
              ...sourceResolution,
              test: {
                name: 'storefront-e2e',
                root: path.join(root, 'storefront'),
                environment: 'node' as const,
                include: ['e2e/**/*.test.ts'],
                testTimeout: scaled(150_000),
                hookTimeout: scaled(240_000),
                globalSetup: databaseTemplates,
              },
            },
          ]),
    ],
  },
});
