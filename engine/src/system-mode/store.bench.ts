// What asking for the system mode costs: the cached answer every request and payment gets,
// against the one-stream read each instance makes at most once per MODE_TTL_MS, on embedded
// PGlite with a long mode history and many other events in the store.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../clock.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { withMetadata } from '../eventstore/metadata.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { migrations } from '../runtime/migrations.js';
import { MODE_TTL_MS, SystemModeStore } from './store.js';

const sql = await openPglite();
await runMigrations(sql, migrations);
const store = postgresEventStore(sql);
const clock = new ManualClock();
const context = { correlationId: randomUUID(), actor: 'bench', brand: 'default' };

// Unrelated streams, so the mode's stream is a small part of a busy store.
for (let stream = 0; stream < 200; stream++) {
  const events = Array.from({ length: 10 }, (_, n) => ({ type: 'Noise', data: { n } }));
  await store.append(`booking-${stream}`, withMetadata(events, context, clock), 'no_stream');
}
const switcher = new SystemModeStore(store, clock);
const who = { userId: 'bench', username: 'bench' };
for (let n = 0; n < 100; n++) {
  await switcher.switchTo(n % 2 === 0 ? 'live' : 'test', { duffel: true, stripe: true }, who, context);
}

async function time(label: string, rounds: number, ask: (reader: SystemModeStore) => Promise<unknown>) {
  const reader = new SystemModeStore(store, clock);
  await reader.current();
  const start = performance.now();
  for (let round = 0; round < rounds; round++) await ask(reader);
  const elapsed = performance.now() - start;
  return { case: label, calls: rounds, 'µs each': +((elapsed / rounds) * 1000).toFixed(1) };
}

const cold = performance.now();
await new SystemModeStore(store, clock).current();
const coldMs = performance.now() - cold;

console.table([
  { case: 'first read (fold 100 switches)', calls: 1, 'µs each': +(coldMs * 1000).toFixed(1) },
  await time('cached current()', 100_000, (reader) => reader.current()),
  await time(`re-read after the TTL (${MODE_TTL_MS} ms)`, 500, (reader) => {
    clock.advance(MODE_TTL_MS);
    return reader.current();
  }),
]);
await store.close();
await sql.close();
