import type { EventStore } from '../eventstore/eventstore.js';
import type { SqlExecutor } from '../storage/sql.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { sleep } from '@contrail/shared/time/sleep';

/** Reads until `done` holds or `scaled(timeoutMs)` passes, then answers the last read (the test asserts on it). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

/**
 * On PostgreSQL, readers see events only below every open transaction in the cluster (the event
 * store's gap-free rule), so another test file's transaction can hold back what was just written:
 * waits until the event store's head is the latest event written so far (`es_events` read directly).
 */
export async function untilHeadIsLatest(
  sql: SqlExecutor,
  eventStore: Pick<EventStore, 'headPosition'>,
  timeoutMs = 15_000,
): Promise<void> {
  const { rows } = await sql.query<{ commit: string; prepare: string }>(
    `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM es_events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const latest = rows[0];
  if (!latest) return;
  const head = await eventually(
    () => eventStore.headPosition(),
    (position) => position?.commit === BigInt(latest.commit) && position.prepare === BigInt(latest.prepare),
    timeoutMs,
  );
  if (head?.commit !== BigInt(latest.commit) || head.prepare !== BigInt(latest.prepare))
    throw new Error(`the event store's head stayed behind the latest event for ${scaled(timeoutMs)} ms`);
}
