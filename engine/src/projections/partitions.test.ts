import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { partitionedName, partitionOf, partitionsOf, partitionSql } from '../eventstore/partitions.js';
import { leaseKeeper, type LeaseKeeper } from '../leases/lease-keeper.js';
import { createLogger } from '../logging/logger.js';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import { eventually, untilHeadIsLatest } from '../test-support/eventually.js';
import { serviceUrl } from '../test-support/services.js';
import { sqlBackends } from '../test-support/sql.js';
import type { Projection } from './projection.js';
import { projectionRunner } from './runner.js';

const logger = createLogger({ level: 'silent', name: 'partitions' });
const databaseUrl = serviceUrl('DATABASE_URL');
const SPLIT = partitionsOf(2);
const STREAMS = Array.from({ length: 24 }, (_, index) => `booking-split-${index}`);

describe('partitions of the event store', () => {
  it('keeps the unsplit names, and names each partition of a split', () => {
    expect(partitionedName('bookings', { index: 0, count: 1 })).toBe('bookings');
    expect(SPLIT.map((partition) => partitionedName('bookings', partition))).toEqual(['bookings#0/2', 'bookings#1/2']);
  });
});

/**
 * A projector process in miniature: its own connections (named, so that the test can end them as a
 * crash would), its own event store, a runner per partition of the split, each under its lease,
 * and at most one partition at a time (PARTITIONS_PER_PROCESS=1).
 */
async function projector(name: string, schema: string): Promise<{ keeper: LeaseKeeper; sql: SqlClient }> {
  const sql = openPostgres({ url: databaseUrl!, schema, applicationName: name, maxConnections: 4 });
  const eventStore = postgresEventStore(sql, { pollIntervalMs: 200 });
  const keeper = leaseKeeper({ sql, logger, checkEveryMs: 50, most: 1 });
  for (const partition of SPLIT) {
    const projection: Projection = {
      name: 'split-test',
      async apply(tx, event) {
        await tx.query('INSERT INTO split_applied (stream, revision, owner) VALUES ($1, $2, $3)', [
          event.streamName,
          Number(event.revision),
          `${name} ${partition.index}`,
        ]);
      },
      async reset(tx) {
        await tx.query('DELETE FROM split_applied');
      },
    };
    const runner = projectionRunner({ sql, eventStore, projections: [projection], logger, partition });
    keeper.add(partitionedName('projector', partition), runner);
  }
  await keeper.start();
  return { keeper, sql };
}

interface Applied {
  stream: string;
  revision: number;
  owner: string;
}

describe.runIf(databaseUrl)('work split by stream over two partitions (PostgreSQL, several owners)', () => {
  let writer: SqlClient;
  let schema: string;
  const projectors: Array<{ keeper: LeaseKeeper; sql: SqlClient }> = [];

  beforeAll(async () => {
    writer = await sqlBackends()[1]!.open();
    schema = (await writer.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    await writer.query(
      'CREATE TABLE split_applied (seq bigserial PRIMARY KEY, stream text NOT NULL, revision int NOT NULL, owner text NOT NULL)',
    );
  });
  afterAll(async () => {
    for (const { keeper, sql } of projectors) {
      await keeper.stop();
      await sql.close();
    }
    await writer?.close();
  });

  it('puts each stream in one partition, the same in PostgreSQL as here, and spreads the streams', async () => {
    for (const count of [2, 3, 7]) {
      const { rows } = await writer.query<{ name: string; partition: number }>(
        `SELECT name, ${partitionSql('name', '$2::int')} AS partition FROM unnest($1::text[]) AS name`,
        [STREAMS, count],
      );
      expect(rows.map((row) => row.partition)).toEqual(STREAMS.map((stream) => partitionOf(stream, count)));
      expect(new Set(rows.map((row) => row.partition)).size).toBe(count);
    }
  });

  const store = () => postgresEventStore(writer);
  /** Appends `perStream` events to every stream, the streams' appends interleaved. */
  async function appendRound(perStream: number): Promise<void> {
    for (let round = 0; round < perStream; round++) {
      await Promise.all(STREAMS.map((stream) => store().append(stream, ticks(1, round), 'any')));
    }
  }
  const applied = async () =>
    (await writer.query<Applied>('SELECT stream, revision, owner FROM split_applied ORDER BY seq')).rows;
  const expectExactlyOnceInOrder = (rows: Applied[], perStream: number) => {
    for (const stream of STREAMS) {
      const revisions = rows.filter((row) => row.stream === stream).map((row) => row.revision);
      expect(revisions, stream).toEqual(Array.from({ length: perStream }, (_, index) => index));
    }
  };

  it('two owners of different partitions apply every event once, in order per stream; a dead owner’s partition is taken over', async () => {
    const [first, second] = [await projector('split-a', schema), await projector('split-b', schema)];
    projectors.push(first, second);
    expect([first.keeper.held(), second.keeper.held()]).toEqual([['projector#0/2'], ['projector#1/2']]);
    const standby = await projector('split-c', schema);
    projectors.push(standby);
    expect(standby.keeper.held()).toEqual([]);

    await appendRound(5);
    const before = await eventually(applied, (rows) => rows.length === STREAMS.length * 5);
    expectExactlyOnceInOrder(before, 5);
    // Each stream was applied by the owner of its partition alone.
    for (const row of before) {
      const owner = partitionOf(row.stream, 2) === 0 ? 'split-a 0' : 'split-b 1';
      expect(row.owner, row.stream).toBe(owner);
    }

    // As when the first owner's process dies mid-load: the server ends every connection it had,
    // and nothing of it runs again.
    const ending = appendRound(5);
    const killed = writer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'split-a%'`,
    );
    await first.keeper.stop();
    await Promise.all([killed, ending]);
    expect(
      await eventually(
        async () => standby.keeper.held(),
        (held) => held.length === 1,
      ),
    ).toEqual(['projector#0/2']);
    expect(second.keeper.held()).toEqual(['projector#1/2']);

    const after = await eventually(applied, (rows) => rows.length >= STREAMS.length * 10);
    expectExactlyOnceInOrder(after, 10);
    const takenOver = after.slice(before.length).filter((row) => row.owner === 'split-c 0');
    expect(takenOver.length).toBeGreaterThan(0);
  });
  it('counts a partition whose streams have no new events as caught up, though its checkpoint is behind the head', async () => {
    const count = 64;
    const used = new Set(STREAMS.map((stream) => partitionOf(stream, count)));
    const empty = Array.from({ length: count }, (_, index) => index).find((index) => !used.has(index))!;
    const busy = partitionOf(STREAMS[0]!, count);
    const eventStore = postgresEventStore(writer);
    await eventStore.append(STREAMS[0]!, ticks(1, 100), 'any');
    await untilHeadIsLatest(writer, eventStore);
    const statusOf = async (index: number) => {
      const projection: Projection = { name: 'split-status', apply: async () => {}, reset: async () => {} };
      const runner = projectionRunner({
        sql: writer,
        eventStore,
        projections: [projection],
        partition: { index, count },
      });
      return (await runner.status())[0]!;
    };
    expect(await statusOf(empty)).toMatchObject({
      name: `split-status#${empty}/64`,
      checkpoint: undefined,
      caughtUp: true,
    });
    expect(await statusOf(busy)).toMatchObject({
      name: `split-status#${busy}/64`,
      checkpoint: undefined,
      caughtUp: false,
    });
  });
});
