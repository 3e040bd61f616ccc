// The price calendar (issue 34) beside one search, in the same run on the embedded engine (PGlite,
// the Duffel sandbox in process): p50/p95 of a new search, of a 7×7 round-trip calendar's first
// answer (index empty: it starts 12 live searches and waits for them at most 250 ms), of the
// answers until every cell is priced, and of a calendar answered from the index. Goal: the first
// answer's p95 within 3× a new search's. `npm run bench -- calendar`.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createApp } from '../../app.js';
import { testDeps } from '../../test-support/app.js';
import { listen } from '../../test-support/listen.js';
import { migrations } from '../../runtime/migrations.js';
import { runMigrations } from '../../storage/migrations.js';
import { openPglite } from '../../storage/pglite.js';

const ROUNDS = Number(process.env.CALENDAR_BENCH_ROUNDS ?? 12);
const GOAL = 3;

const sql = await openPglite();
await runMigrations(sql, migrations);
const deps = testDeps(sql);
const server = await listen(createApp(deps), deps);
const api = () => request(server.url);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const route = (n: number) => ({ origin: 'SEA', destination: 'SFO', cabinClass: 'economy', adultsCount: 1 + (n % 2) });

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function summary(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { scenario: name, runs: times.length, 'p50 ms': Math.round(at(0.5)), 'p95 ms': Math.round(at(0.95)) };
}

const before = loadavg()[0]!.toFixed(1);
const searches: number[] = [];
const firstAnswers: number[] = [];
const complete: number[] = [];
const indexed: number[] = [];
try {
  // Warm up: the first search starts the sandbox's network and the search thread.
  await api()
    .post('/api/flights/search')
    .send({ ...route(0), departureDate: day(200) })
    .expect(200);
  for (let n = 0; n < ROUNDS; n += 1) {
    const departureDate = day(20 + n * 9);
    searches.push(
      await timed(() =>
        api()
          .post('/api/flights/search')
          .send({ ...route(n), departureDate })
          .expect(200),
      ),
    );
    const trip = { ...route(n), departureDate: day(24 + n * 9), returnDate: day(30 + n * 9) };
    let pending = 1;
    const all = await timed(async () => {
      for (let answers = 0; pending > 0 && answers < 20; answers += 1) {
        const took = await timed(async () => {
          pending = (await api().get('/api/flights/calendar').query(trip).expect(200)).body.pending as number;
        });
        if (answers === 0) firstAnswers.push(took);
      }
    });
    complete.push(all);
    indexed.push(await timed(() => api().get('/api/flights/calendar').query(trip).expect(200)));
  }
  const rows = [
    summary('one new search', searches),
    summary('7×7 calendar, first answer', firstAnswers),
    summary('7×7 calendar, until every cell is priced', complete),
    summary('7×7 calendar from the index', indexed),
  ];
  console.table(rows);
  const ratio = rows[1]!['p95 ms'] / rows[0]!['p95 ms'];
  console.log(
    `first answer p95 / new search p95: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×)  load average ${before} → ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await server.close();
  await sql.close();
}
