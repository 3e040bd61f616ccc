// The revenue read model: how fast the projection rebuilds from 100,000 bookings' events on the
// embedded database (PGlite), in the runner's batches of 500 events, and how fast
// GET /api/admin/revenue answers a year of one brand's days (p95), with the load average.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { adminTestApp } from '../admin/test-support/admin-app.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { migrations } from '../runtime/migrations.js';
import { revenueProjection } from './projection.js';
import { cancelledBooking, recordedEvents, soldBooking } from './test-support/revenue-events.js';

const BOOKINGS = Number(process.env.REVENUE_BENCH_BOOKINGS ?? 100_000);
const BATCH = 500;
const BRANDS = ['default', 'skyhop', 'nordlys', 'skyfares.com'];
const ROUTES: [string, string][] = [
  ['JFK', 'LHR'],
  ['LHR', 'JFK'],
  ['CDG', 'JFK'],
  ['SFO', 'NRT'],
  ['AMS', 'BCN'],
  ['FRA', 'SIN'],
  ['OSL', 'LHR'],
  ['LAX', 'SYD'],
];
const CARRIERS = ['BA', 'AA', 'AF', 'UA', 'KL', 'LH', 'SK', 'QF'];

/** Booking n's events: spread over the 365 days of 2026 and four brands; one in ten cancelled a day later. */
function bookingEvents(n: number): RecordedEvent[] {
  const day = new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000);
  const at = new Date(day.getTime() + (n % 86_400) * 1000).toISOString();
  const price = 20_000 + (n % 97) * 1_000;
  const bookingId = `bench-${n}`;
  const events = soldBooking({
    bookingId,
    brandKey: BRANDS[n % BRANDS.length]!,
    price,
    providerCost: Math.round(price / 1.2),
    captureFee: Math.round(price * 0.029) + 30,
    route: ROUTES[n % ROUTES.length]!,
    carrier: CARRIERS[(n >> 3) % CARRIERS.length]!,
    travellers: 1 + (n % 3),
    at,
  });
  if (n % 10 === 0) {
    const later = new Date(Date.parse(at) + 86_400_000).toISOString();
    events.push(
      ...cancelledBooking({ bookingId, providerRefund: price / 2, refund: price / 2, refundFee: 0, at: later }),
    );
  }
  return recordedEvents(bookingId, events, n * 10);
}

const sql = await openPglite();
await runMigrations(sql, migrations);

// Rebuild: the events made batch by batch (memory stays flat), each batch one transaction as the runner commits it.
const wanted = new Set<string>(revenueProjection.eventTypes ?? []);
const kept = new Map<string, unknown>();
let all = 0;
let applied = 0;
let applyMs = 0;
// CPU time as well as wall time: on a shared machine the wall time mostly measures the other processes.
let applyCpuUs = 0;
let pending: RecordedEvent[] = [];
const flush = async () => {
  const batch = pending.filter((event) => wanted.has(event.type));
  all += pending.length;
  applied += batch.length;
  pending = [];
  const start = performance.now();
  const cpu = process.cpuUsage();
  await sql.transaction((tx) => revenueProjection.applyBatch!(tx, batch, kept));
  const used = process.cpuUsage(cpu);
  applyCpuUs += used.user + used.system;
  applyMs += performance.now() - start;
};
await sql.transaction((tx) => revenueProjection.reset(tx));
for (let n = 0; n < BOOKINGS; n += 1) {
  pending.push(...bookingEvents(n));
  if (pending.length >= BATCH) await flush();
}
await flush();
const loadAfterRebuild = loadavg()[0]!.toFixed(2);

// The API: a year of one brand by day, through the real app and a signed-in platform admin.
const admin = await adminTestApp(sql);
const server = createServer(admin.app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/revenue?from=2026-01-01&to=2026-12-31&brand=default&granularity=day`;
const cookie = await admin.cookie('root');
const ask = async () => {
  const start = performance.now();
  const answer = await fetch(url, { headers: { cookie, 'x-brand-key': 'default' } });
  const body = (await answer.json()) as { periods: unknown[] };
  if (answer.status !== 200 || body.periods.length !== 365) throw new Error(`revenue answered ${answer.status}`);
  return performance.now() - start;
};
for (let round = 0; round < 20; round += 1) await ask();
const times: number[] = [];
const askCpu = process.cpuUsage();
for (let round = 0; round < 200; round += 1) times.push(await ask());
const askCpuUs = process.cpuUsage(askCpu);
times.sort((a, b) => a - b);
await new Promise<void>((resolve) => server.close(() => resolve()));

console.table([
  {
    case: `rebuild from ${BOOKINGS.toLocaleString('en-US')} bookings (PGlite, batches of ${BATCH})`,
    events: all,
    'events applied': applied,
    seconds: +(applyMs / 1000).toFixed(1),
    'events/s': Math.round(all / (applyMs / 1000)),
    'applied events/s': Math.round(applied / (applyMs / 1000)),
    'CPU s': +(applyCpuUs / 1e6).toFixed(1),
    'events per CPU s': Math.round(all / (applyCpuUs / 1e6)),
    'load (1 min)': loadAfterRebuild,
  },
]);
console.table([
  {
    case: 'GET /api/admin/revenue, one brand, 365 days by day',
    requests: times.length,
    'p50 ms': +times[Math.floor(times.length * 0.5)]!.toFixed(1),
    'p95 ms': +times[Math.floor(times.length * 0.95)]!.toFixed(1),
    'max ms': +times.at(-1)!.toFixed(1),
    'CPU ms per request': +((askCpuUs.user + askCpuUs.system) / 1000 / times.length).toFixed(1),
    'load (1 min)': loadavg()[0]!.toFixed(2),
  },
]);
console.log('Goals: rebuild >= 20,000 events/s embedded; API p95 <= 100 ms.');
await sql.close();
