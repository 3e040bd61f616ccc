/**
 * Flight search as travellers meet it, beside a bare Express route measured in the same run:
 * `npm run bench -- flights/search`.
 *
 * The engine runs as `npm start` runs it (built, embedded PGlite, the Duffel sandbox mounted,
 * request logs on) in its own process; the bare route (express.json and a small JSON answer) in
 * another; this process only sends requests, from 16 keep-alive clients, as a browser would
 * (`Accept-Encoding: br, gzip`). Figures: p50/p95 and requests per second for a cached page 1, a
 * cached load-more page of 100, and 200 searches new to both the engine and the sandbox; the
 * bytes each answer took on the wire; the engine's resident memory idle (after its first start,
 * which creates the database, and after a restart) and after those searches; the CPU time a new
 * search costs the engine, on all its threads (the sandbox, compression, garbage collection, and
 * whatever runs meanwhile, such as PGlite's background queries) and on its main thread alone (what
 * concurrent requests queue behind), which a busy machine inflates far less than it does latency.
 * The machine is shared: compare the ratios printed beside the goals, not the raw figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLIENTS = 16;
const WARM_SECONDS = 4;
const NEW_SEARCHES = 200;
const GOALS = { cachedP95: 3, uncachedP95: 10, idleRssMb: 250 };

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
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('a server did not start within 60 s'));
    }, 60_000);
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

/** CLIENTS loops sending requests until the time or the request budget runs out. */
async function run(request: (n: number) => Promise<Answer>, limit: { seconds: number } | { requests: number }) {
  const result: Run = { latencies: [], bytes: 0, seconds: 0 };
  const started = performance.now();
  const deadline = 'seconds' in limit ? started + limit.seconds * 1000 : Number.POSITIVE_INFINITY;
  const budget = 'requests' in limit ? limit.requests : Number.POSITIVE_INFINITY;
  let issued = 0;
  async function client(): Promise<void> {
    while (performance.now() < deadline && issued < budget) {
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

/** A scenario's row; a timed one runs a second first, so that JIT and first-time work stay out. */
async function load(
  scenario: string,
  request: (n: number) => Promise<Answer>,
  limit: { seconds: number } | { requests: number },
): Promise<Row> {
  if ('seconds' in limit) await run(request, { seconds: 1 });
  const { latencies, bytes, seconds } = await run(request, limit);
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
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  await buildEngineIfStale();
  const loadBefore = os.loadavg()[0]!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-search-bench-'));
  let bare: Server | undefined;
  let engine: Server | undefined;
  try {
    bare = await startServer(['--input-type=module', '-e', BARE_SERVER], process.env);
    const { DATABASE_URL: _db, REDIS_URL: _redis, EVENTSTORE_URL: _es, ...inherited } = process.env;
    // In the environment `npm start` gives it.
    const { engineEnv } = (await import(path.join(root, 'scripts/engine-env.mjs'))) as {
      engineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
    };
    const startEngine = () =>
      startServer(
        [path.join(root, 'engine/dist/main.js')],
        engineEnv({ ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }),
      );
    // The first start creates the database (and the first admin); every later start opens it.
    engine = await startEngine();
    const firstStartRss = await settledRssMb(engine.process.pid!);
    await stop(engine);
    engine = await startEngine();
    const idleRss = await settledRssMb(engine.process.pid!);

    const search = { origin: 'JFK', destination: 'LHR', departureDate: day(30), returnDate: day(37), adultsCount: 2 };
    const loadMoreQuery = new URLSearchParams({ ...search, adultsCount: '2', page: '1', limit: '100' });
    // Prime the search, as the first view of its page and its first load-more would.
    await send(`${engine.url}/api/flights/search`, search);
    await send(`${engine.url}/api/flights/search?${loadMoreQuery.toString()}`);

    const rows: Row[] = [];
    rows.push(
      await load('bare Express POST (baseline)', () => send(`${bare!.url}/api/ping`, search), {
        seconds: WARM_SECONDS,
      }),
    );
    rows.push(
      await load('search page 1 (30), cached', () => send(`${engine!.url}/api/flights/search`, search), {
        seconds: WARM_SECONDS,
      }),
    );
    rows.push(
      await load(
        'load-more page (100), cached',
        () => send(`${engine!.url}/api/flights/search?${loadMoreQuery.toString()}`),
        { seconds: WARM_SECONDS },
      ),
    );
    const cpuBefore = cpuMs(engine.process.pid!);
    const mainCpuBefore = cpuMs(engine.process.pid!, 'main');
    rows.push(
      await load(
        `search page 1, new search (${NEW_SEARCHES})`,
        (n) => {
          const [origin, destination] = ROUTES[n % ROUTES.length]!;
          const departureDate = day(20 + Math.floor(n / ROUTES.length));
          return send(`${engine!.url}/api/flights/search`, { origin, destination, departureDate });
        },
        { requests: NEW_SEARCHES },
      ),
    );
    const cpuPerSearch = (cpuMs(engine.process.pid!) - cpuBefore) / NEW_SEARCHES;
    const mainCpuPerSearch = (cpuMs(engine.process.pid!, 'main') - mainCpuBefore) / NEW_SEARCHES;
    const busyRss = rssMb(engine.process.pid!);
    const loadAfter = os.loadavg()[0]!;
    console.table(rows);

    const [baseline, cached, , fresh] = rows as [Row, Row, Row, Row];
    const ratio = (row: Row) => round(row['p95 ms'] / baseline['p95 ms']);
    console.table([
      { figure: 'cached search p95 / bare p95', value: ratio(cached), goal: `<= ${GOALS.cachedP95}` },
      { figure: 'new search p95 / bare p95', value: ratio(fresh), goal: `<= ${GOALS.uncachedP95}` },
      { figure: 'cached search req/s / bare req/s', value: round(cached['req/s'] / baseline['req/s'], 2), goal: '' },
      { figure: 'engine CPU per new search, all threads (ms)', value: round(cpuPerSearch), goal: '' },
      { figure: 'engine CPU per new search, main thread (ms)', value: round(mainCpuPerSearch), goal: '' },
      { figure: 'engine RSS idle (MB)', value: idleRss, goal: `<= ${GOALS.idleRssMb}` },
      { figure: 'engine RSS idle after its first start (MB)', value: firstStartRss, goal: '' },
      { figure: `engine RSS after ${NEW_SEARCHES + 2} searches (MB)`, value: busyRss, goal: '' },
    ]);
    console.log(
      `(machine load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores)`,
    );
  } finally {
    agent.destroy();
    await Promise.all([stop(engine), stop(bare)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
