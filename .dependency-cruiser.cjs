/**
 * The dependency rules of DESIGN.md §1, checked in CI (`npm run lint:deps`):
 * storefront -> shared, cli -> shared, workers -> engine (public entries) -> shared,
 * sandboxes -> shared, and the engine reaches the sandboxes only from its composition root
 * (runtime/) and its tests; no cycles.
 * Tests of other packages may use the engine's public entries too ('@contrail/engine' and
 * '@contrail/engine/testing'). There are no exceptions.
 */
// The storefront names its test helpers test-*.ts(x) (left out of its build by tsconfig.json).
const testFile = String.raw`(\.test\.tsx?$|/test-support/|/e2e/|^storefront/src/test-[a-z-]+\.tsx?$|^storefront/src/.*/test-[a-z-]+\.tsx?$|\.bench\.ts$)`;
// Storefront folders that own pages. The rest is shared by them: app/ (store, router, layout, browser storage), ui/,
// forms/, brand/ (the context every page renders under), search/ (the search form, embedded by three pages; no page
// of its own) and each feature's RTK Query slice (*Api.ts: the client of the engine's HTTP API, not a feature's UI).
const storefrontFeatures = String.raw`^storefront/src/(account|admin|booking|content|flight|home|results|trips)/`;
const enginePublicEntries = String.raw`^engine/src/(index|test-support/index)\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on themselves through others (type-only imports count).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'shared/ holds contracts and rules for every package: it depends on none of them.',
      from: { path: '^shared/' },
      to: { path: '^(sandboxes|engine|workers|storefront|cli)/' },
    },
    {
      name: 'sandboxes-import-only-shared',
      severity: 'error',
      comment:
        'The sandboxes stand in for Duffel and Stripe: they depend on shared/ and their own libraries, never on the engine or an app (their tests neither).',
      from: { path: '^sandboxes/' },
      to: { path: '^(engine|workers|storefront|cli)/' },
    },
    {
      name: 'engine-reaches-sandboxes-only-from-runtime',
      severity: 'error',
      comment:
        'The engine talks to the sandboxes through the official clients; only its composition root (runtime/) builds and mounts them, and tests may use them.',
      from: { path: '^engine/src/', pathNot: [String.raw`^engine/src/runtime/`, testFile] },
      to: { path: '^sandboxes/' },
    },
    {
      name: 'other-packages-import-no-sandboxes',
      severity: 'error',
      comment: 'Workers, the storefront and the CLI reach providers only through the engine.',
      from: { path: '^(workers|storefront|cli)/', pathNot: testFile },
      to: { path: '^sandboxes/' },
    },
    {
      name: 'engine-imports-only-shared',
      severity: 'error',
      comment: 'The engine never reaches into the packages that use it.',
      from: { path: '^engine/' },
      to: { path: '^(workers|storefront|cli)/' },
    },
    {
      name: 'storefront-and-cli-import-only-shared',
      severity: 'error',
      comment: 'The storefront and the CLI talk to the engine over HTTP; their code imports only shared/.',
      from: { path: '^(storefront|cli)/', pathNot: testFile },
      to: { path: '^(engine|workers|storefront|cli)/', pathNot: '^$1/' },
    },
    {
      name: 'only-the-engine-public-entries',
      severity: 'error',
      comment:
        "Other packages (workers, and tests elsewhere) use the engine only through '@contrail/engine' and '@contrail/engine/testing'.",
      from: { path: '^(workers|storefront|cli)/' },
      to: { path: '^engine/', pathNot: enginePublicEntries },
    },
    {
      name: 'workers-import-no-other-app',
      severity: 'error',
      comment: 'workers -> engine -> shared: never the storefront or the CLI.',
      from: { path: '^workers/' },
      to: { path: '^(storefront|cli)/' },
    },
    {
      name: 'email-and-accounts-import-no-bookings',
      severity: 'error',
      comment:
        'email/ (mailer, outbox, plain messages) serves every capability; accounts send mail through it, never through bookings/.',
      from: { path: '^engine/src/(email|accounts)/', pathNot: testFile },
      to: { path: '^engine/src/bookings/' },
    },
    {
      name: 'storefront-features-import-no-other-feature',
      severity: 'error',
      comment:
        'A storefront feature uses what several share from app/, ui/, forms/, brand/, search/ or an API slice, never another feature.',
      from: { path: storefrontFeatures, pathNot: testFile },
      to: { path: storefrontFeatures, pathNot: [String.raw`^storefront/src/$1/`, String.raw`Api\.ts$`] },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Test helpers (test-support/, *.test.*) never ship: production code must not import them.',
      from: { pathNot: testFile },
      to: { path: testFile },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (a typo or a missing dependency fails here, not at run time).',
      from: {},
      // Declared by @duffel/api's typings (an ambient module), not a file.
      to: { couldNotResolve: true, pathNot: '^@duffel/api/types$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: String.raw`(^|/)(node_modules|dist|coverage)/` },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
