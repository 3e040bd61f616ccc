// Flight search API under 16 concurrent clients against the mounted Duffel sandbox, with a bare
// Express route on the same machine in the same run as the baseline.
//   npm run bench -- flights
import http from 'node:http';
import express from 'express';
import { createApp } from '../app.js';
import { systemClock } from '../clock.js';
import { openPglite } from '../storage/pglite.js';
import { runMigrations } from '../storage/migrations.js';
import { migrations } from '../storage/schema.js';
import { testDeps } from '../test-support/app.js';
import { listen } from '../test-support/listen.js';

const CLIENTS = 16;
const WARM_SECONDS = 3;
const COLD_SEARCHES = 48;

interface Result {
  scenario: string;
  requests: number;
  'p50 ms': number;
  'p95 ms': number;
  'req/s': number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// A keep-alive agent: the client costs far less than fetch, so the figures are the servers'.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

interface Answer {
  status: number;
}

function post(url: string, payload: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { method: 'POST', agent, headers: { 'content-type': 'application/json' } };
    const request = http.request(url, options, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(payload));
  });
}

/** `CLIENTS` loops sending requests until the time or the request budget runs out. */
async function load(
  scenario: string,
  send: (n: number) => Promise<Answer>,
  limit: { seconds?: number; requests?: number },
): Promise<Result> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + (limit.seconds ?? 60) * 1000;
  let issued = 0;
  async function client(): Promise<void> {
    while (performance.now() < deadline && (limit.requests === undefined || issued < limit.requests)) {
      const n = issued++;
      const t0 = performance.now();
      const response = await send(n);
      if (response.status !== 200) throw new Error(`${scenario}: HTTP ${response.status}`);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    scenario,
    requests: latencies.length,
    'p50 ms': round(percentile(latencies, 50)),
    'p95 ms': round(percentile(latencies, 95)),
    'req/s': round(latencies.length / seconds),
  };
}

const ROUTES = [
  ['JFK', 'LHR'],
  ['LAX', 'ORD'],
  ['DEL', 'BOM'],
  ['SYD', 'MEL'],
  ['CDG', 'FRA'],
  ['YYZ', 'YVR'],
];

async function main(): Promise<void> {
  const sql = await openPglite();
  await runMigrations(sql, migrations);
  const deps = testDeps(sql, { clock: systemClock });
  const engine = await listen(createApp(deps), deps);

  const bare = express();
  bare.use(express.json());
  bare.post('/api/ping', (req, res) => res.json({ ok: true, got: Object.keys(req.body ?? {}).length }));
  const baseline = await listen(bare, {});

  const departure = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const body = {
    origin: 'JFK',
    destination: 'LHR',
    departureDate: departure(30),
    returnDate: departure(37),
    adultsCount: 2,
  };
  // Prime the search once, as the first page view of a search would.
  await post(`${engine.url}/api/flights/search`, body);

  const results: Result[] = [];
  results.push(
    await load('bare Express POST (baseline)', () => post(`${baseline.url}/api/ping`, body), { seconds: WARM_SECONDS }),
  );
  results.push(
    await load('search, cached (30 offers/page)', () => post(`${engine.url}/api/flights/search`, body), {
      seconds: WARM_SECONDS,
    }),
  );
  results.push(
    await load(
      'search, new each time (provider via sandbox)',
      (n) => {
        const [origin, destination] = ROUTES[n % ROUTES.length]!;
        return post(`${engine.url}/api/flights/search`, {
          origin,
          destination,
          departureDate: departure(20 + Math.floor(n / ROUTES.length)),
        });
      },
      { requests: COLD_SEARCHES },
    ),
  );
  console.table(results);
  const [bareResult, cached, cold] = results as [Result, Result, Result];
  console.table([
    {
      comparison: 'cached search vs bare: p50 latency x',
      ratio: Math.round((cached['p50 ms'] / bareResult['p50 ms']) * 10) / 10,
    },
    {
      comparison: 'cached search vs bare: throughput share',
      ratio: Math.round((cached['req/s'] / bareResult['req/s']) * 1000) / 1000,
    },
    {
      comparison: 'new search vs bare: p50 latency x',
      ratio: Math.round((cold['p50 ms'] / bareResult['p50 ms']) * 10) / 10,
    },
    {
      comparison: 'new search vs bare: throughput share',
      ratio: Math.round((cold['req/s'] / bareResult['req/s']) * 1000) / 1000,
    },
  ]);

  agent.destroy();
  await engine.close();
  await baseline.close();
  await sql.close();
}

await main();
