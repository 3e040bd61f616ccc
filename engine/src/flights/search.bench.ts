/**
 * Flight search as travellers meet it, beside a bare Express route measured in the same run:
 * `npm run bench -- flights/search`.
 *
 * Two setups, one after the other, each with its own rows and the bare route measured again just
 * before them:
 * - sandboxes mounted (npm start): the engine as `npm start` runs it (built, embedded PGlite, the
 *   Duffel and Stripe sandboxes mounted, request logs on), so a new search also pays the sandbox's
 *   offer generation on the engine's own threads;
 * - sandboxes apart (as remote): the same engine with SANDBOX_URL pointing at the sandboxes
 *   process (test-support/processes.ts, as docker-compose.yml runs it, with PGlite of its own), so
 *   it reads offers over HTTP with the official Duffel client, as it reads Duffel in production;
 *   the engine's CPU is then its own, and the stand-ins' is shown apart. Both share this machine's
 *   cores, so this setup's latency still pays for the sandboxes' CPU.
 * This process only sends requests, from 16 keep-alive clients (a closed loop: latency is about
 * 16 / requests per second once the CPU is busy), as a browser would (`Accept-Encoding: br,
 * gzip`). Figures: p50/p95 and requests per second for a cached page 1, a cached load-more page of
 * 100, and searches new to both the engine and the sandbox, each of its own route and date (each
 * row timed for 4 seconds after a second of the same requests, for new searches other dates, to
 * warm up: new searches are timed as long as the others, so that their p95 rests on as many
 * seconds of a noisy machine, not on 200 searches in half a second); the bytes each answer took on
 * the wire; the engine's resident memory idle (after its first start, which creates the database,
 * and after a restart) and after those searches (some thousands); the CPU time a new search costs the engine, on all
 * its threads (compression, garbage collection, a mounted sandbox, and whatever runs meanwhile,
 * such as PGlite's background queries) and on its main thread alone (what concurrent requests
 * queue behind), and the sandboxes process's, which a busy machine inflates far less than it does
 * latency; the load average around each setup's rows. The machine is shared: compare the ratios
 * printed beside the goals, not the raw figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { startSandboxes, type ServerHandle } from '../test-support/processes.js';

const CLIENTS = 16;
const ROW_SECONDS = 4;
const GOALS = { cachedP95: 3, uncachedP95: 10, idleRssMb: 250 };
const EMBEDDED = 'sandboxes mounted (npm start)';
const REMOTE = 'sandboxes apart (as remote)';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Row {
  scenario: string;
  requests: number;
  'p50 ms': number;
  'p95 ms': number;
  'req/s': number;
  'bytes/answer': number;
}

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Builds the engine as `npm start` would when its build is older than its sources. */
async function buildEngineIfStale(): Promise<void> {
  const { isStale } = (await import(path.join(root, 'scripts/build-state.mjs'))) as {
    isStale(output: string, inputs: string[]): boolean;
  };
  const inputs = ['shared', 'engine'].flatMap((name) => [
    path.join(root, name, 'src'),
    path.join(root, name, 'package.json'),
  ]);
  if (!isStale(path.join(root, 'engine/dist/.tsbuildinfo'), inputs)) return;
  console.log('building the engine (tsc -b)...');
  const build = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('tsc -b failed');
}

const BARE_SERVER = `
import express from 'express';
const app = express();
app.use(express.json());
app.post('/api/ping', (req, res) => res.json({ ok: true, got: Object.keys(req.body ?? {}).length }));
const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
`;

interface Server {
  url: string;
  process: ChildProcess;
}

/** Starts a server process and waits for the log line that names its port. */
function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    // A first start creates the database: on a shared, busy machine that takes minutes, not seconds.
    const boundMs = scaled(60_000);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a server did not start within ${Math.round(boundMs / 1000)} s`));
    }, boundMs);
    child.once('exit', (code) => reject(new Error(`a server exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const { port } = JSON.parse(line) as { port?: number };
        if (typeof port !== 'number') return;
        clearTimeout(timer);
        // Logs keep coming (one line a request): read and drop them.
        lines.removeAllListeners('line');
        resolve({ url: `http://127.0.0.1:${port}`, process: child });
      } catch {
        // Not JSON: not the line we wait for.
      }
    });
  });
}

function stop(server: Server | undefined): Promise<void> {
  const child = server?.process;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024, 0);
}

/**
 * CPU time in ms (Linux clock ticks of 10 ms) the process has used, all threads, or only its main
 * thread (the event loop every request waits on; the others are PGlite's, libuv's pool and GC helpers).
 */
function cpuMs(pid: number, thread: 'all' | 'main' = 'all'): number {
  const file = thread === 'all' ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory once start-up work is over: unchanged (within 1%) for 3 seconds, at most a minute. */
async function settledRssMb(pid: number): Promise<number> {
  let last = rssMb(pid);
  let steady = 0;
  for (let second = 0; second < 60 && steady < 3; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = rssMb(pid);
    steady = Math.abs(now - last) <= last / 100 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

interface Answer {
  status: number;
  bytes: number;
}

function send(url: string, body?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (body) headers['content-type'] = 'application/json';
    const request = http.request(url, { method: body ? 'POST' : 'GET', agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

interface Run {
  latencies: number[];
  bytes: number;
  seconds: number;
}

/** CLIENTS loops sending requests until the time runs out. */
async function run(request: (n: number) => Promise<Answer>, seconds: number) {
  const result: Run = { latencies: [], bytes: 0, seconds: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let issued = 0;
  async function client(): Promise<void> {
    while (performance.now() < deadline) {
      const n = issued++;
      const t0 = performance.now();
      const answer = await request(n);
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
      result.latencies.push(performance.now() - t0);
      result.bytes += answer.bytes;
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/**
 * A scenario's row, timed for ROW_SECONDS; by default after a second of the same requests, so that
 * JIT and first-time work stay out (new searches warm up on other searches instead).
 */
async function load(scenario: string, request: (n: number) => Promise<Answer>, { warmUp = true } = {}): Promise<Row> {
  if (warmUp) await run(request, 1);
  const { latencies, bytes, seconds } = await run(request, ROW_SECONDS);
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    requests: latencies.length,
    'p50 ms': round(percentile(latencies, 50)),
    'p95 ms': round(percentile(latencies, 95)),
    'req/s': round(latencies.length / seconds),
    'bytes/answer': Math.round(bytes / latencies.length),
  };
}

const ROUTES = [
  ['JFK', 'LHR'],
  ['LAX', 'ORD'],
  ['DEL', 'BOM'],
  ['SYD', 'MEL'],
  ['CDG', 'FRA'],
  ['YYZ', 'YVR'],
  ['SFO', 'SEA'],
  ['JFK', 'LAX'],
] as const;
/** Each way: enough pairs that a few seconds of new searches never repeat a route and date. */
const BOTH_WAYS = [...ROUTES, ...ROUTES.map(([from, to]) => [to, from] as const)];
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const search = { origin: 'JFK', destination: 'LHR', departureDate: day(30), returnDate: day(37), adultsCount: 2 };
const loadMoreQuery = new URLSearchParams({ ...search, adultsCount: '2', page: '1', limit: '100' });

/** What one setup's new searches cost, per search, and the load average around its rows. */
interface Measured {
  rows: Row[];
  engineCpu: number;
  engineMainCpu: number;
  sandboxesCpu: number | undefined;
  busyRss: number;
  /** New searches the engine had answered when busyRss was read. */
  searches: number;
  load: string;
}

/** The bare route, then the engine's rows; `sandboxesPid` is the sandboxes process's when they run apart. */
async function measure(bare: Server, engine: Server, sandboxesPid?: number): Promise<Measured> {
  const loadBefore = os.loadavg()[0]!;
  // Prime the search, as the first view of its page and its first load-more would.
  await send(`${engine.url}/api/flights/search`, search);
  await send(`${engine.url}/api/flights/search?${loadMoreQuery.toString()}`);
  const rows: Row[] = [];
  rows.push(await load('bare Express POST (baseline)', () => send(`${bare.url}/api/ping`, search)));
  rows.push(await load('search page 1 (30), cached', () => send(`${engine.url}/api/flights/search`, search)));
  rows.push(
    await load('load-more page (100), cached', () =>
      send(`${engine.url}/api/flights/search?${loadMoreQuery.toString()}`),
    ),
  );
  const newSearch = (firstDay: number) => (n: number) => {
    const [origin, destination] = BOTH_WAYS[n % BOTH_WAYS.length]!;
    const departureDate = day(firstDay + Math.floor(n / BOTH_WAYS.length));
    return send(`${engine.url}/api/flights/search`, { origin, destination, departureDate });
  };
  // A second of new searches on later dates first, so that JIT and first-time work (the sandbox's
  // too) stay out of the row, as for the timed rows.
  // Days 20 to about 200 for the timed row (some 32 searches a day), 300 on for the warm-up.
  const warmUp = await run(newSearch(300), 1);
  const pid = engine.process.pid!;
  const before = { all: cpuMs(pid), main: cpuMs(pid, 'main'), sandboxes: sandboxesPid && cpuMs(sandboxesPid) };
  const fresh = await load('search page 1, new search', newSearch(20), { warmUp: false });
  rows.push(fresh);
  return {
    rows,
    engineCpu: (cpuMs(pid) - before.all) / fresh.requests,
    engineMainCpu: (cpuMs(pid, 'main') - before.main) / fresh.requests,
    sandboxesCpu: sandboxesPid && (cpuMs(sandboxesPid) - before.sandboxes!) / fresh.requests,
    busyRss: rssMb(pid),
    searches: 1 + warmUp.latencies.length + fresh.requests,
    load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
  };
}

async function main(): Promise<void> {
  await buildEngineIfStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-search-bench-'));
  const sandboxSecret = randomBytes(24).toString('hex');
  let bare: Server | undefined;
  let engine: Server | undefined;
  let sandboxes: ServerHandle | undefined;
  try {
    bare = await startServer(['--input-type=module', '-e', BARE_SERVER], process.env);
    const { DATABASE_URL: _db, REDIS_URL: _redis, EVENTSTORE_URL: _es, ...inherited } = process.env;
    // In the environment `npm start` gives it.
    const { engineEnv } = (await import(path.join(root, 'scripts/engine-env.mjs'))) as {
      engineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
    };
    const startEngine = (env: NodeJS.ProcessEnv = {}) =>
      startServer(
        [path.join(root, 'engine/dist/main.js')],
        engineEnv({ ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }),
      );
    // The first start creates the database (and the first admin); every later start opens it.
    engine = await startEngine();
    const firstStartRss = await settledRssMb(engine.process.pid!);
    await stop(engine);
    engine = await startEngine();
    const idleRss = await settledRssMb(engine.process.pid!);
    const embedded = await measure(bare, engine);
    await stop(engine);

    // The engine as it runs against Duffel and Stripe: the sandboxes in a process of their own (as
    // docker-compose.yml runs them), so the engine's CPU is its own and theirs is shown apart.
    sandboxes = await startSandboxes({
      env: {
        NODE_ENV: 'production',
        SANDBOXES_ENABLED: 'true',
        SANDBOX_SECRET: sandboxSecret,
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
      },
    });
    engine = await startEngine({ SANDBOX_URL: sandboxes.url, SANDBOX_SECRET: sandboxSecret });
    const remote = await measure(bare, engine, sandboxes.pid);

    const setups = { [EMBEDDED]: embedded, [REMOTE]: remote };
    console.table(Object.entries(setups).flatMap(([setup, { rows }]) => rows.map((row) => ({ setup, ...row }))));
    const figure = (name: string, of: (setup: Measured) => number | string | undefined, goal = '') => ({
      figure: name,
      [EMBEDDED]: of(embedded) ?? '',
      [REMOTE]: of(remote) ?? '',
      goal,
    });
    const [baseline, cached, , fresh] = [0, 1, 2, 3];
    const p95Ratio = (row: number) => (setup: Measured) =>
      round(setup.rows[row]!['p95 ms'] / setup.rows[baseline]!['p95 ms']);
    const perSearch = (ms: number | undefined) => (ms === undefined ? undefined : round(ms));
    console.table([
      figure('cached search p95 / bare p95', p95Ratio(cached), `<= ${GOALS.cachedP95}`),
      figure('new search p95 / bare p95', p95Ratio(fresh), `<= ${GOALS.uncachedP95}`),
      figure('cached search req/s / bare req/s', (setup) =>
        round(setup.rows[cached]!['req/s'] / setup.rows[baseline]!['req/s'], 2),
      ),
      figure('engine CPU per new search, all threads (ms)', (setup) => perSearch(setup.engineCpu)),
      figure('engine CPU per new search, main thread (ms)', (setup) => perSearch(setup.engineMainCpu)),
      figure('sandboxes process CPU per new search (ms)', (setup) => perSearch(setup.sandboxesCpu)),
      figure('engine RSS idle (MB)', (setup) => (setup === embedded ? idleRss : undefined), `<= ${GOALS.idleRssMb}`),
      figure('engine RSS idle after its first start (MB)', (setup) => (setup === embedded ? firstStartRss : undefined)),
      figure('engine RSS after the new searches (MB)', (setup) => setup.busyRss),
      figure('new searches answered by then', (setup) => setup.searches),
      figure('load average (1 min) before → after', (setup) => setup.load),
    ]);
    console.log(`(on ${os.cpus().length} cores)`);
  } finally {
    agent.destroy();
    await Promise.all([stop(engine), stop(bare), sandboxes?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
