import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { eventually } from '../test-support/eventually.js';
import { serviceUrl } from '../test-support/services.js';
import { sqlBackends } from '../test-support/sql.js';
import { leaseKeeper, type LeaseKeeper } from './lease-keeper.js';

const logger = createLogger({ level: 'silent', name: 'leases' });
const databaseUrl = serviceUrl('DATABASE_URL');

/** Work that records whether it runs. */
function work() {
  const log: string[] = [];
  return {
    log,
    running: () => log.at(-1) === 'start',
    start: async () => void log.push('start'),
    stop: async () => void log.push('stop'),
  };
}

describe('leases on the embedded database (one process)', () => {
  it('runs every leased work at once, and stops it', async () => {
    const sql = await sqlBackends()[0]!.open({ migrate: false });
    const projections = work();
    const keeper = leaseKeeper({ sql, logger });
    keeper.add('projections', projections);
    await keeper.start();
    expect(keeper.held()).toEqual(['projections']);
    await keeper.stop();
    expect(projections.log).toEqual(['start', 'stop']);
    await sql.close();
  });
});

describe.runIf(databaseUrl)('leases on PostgreSQL (several processes)', () => {
  let first: SqlClient;
  let second: SqlClient;
  const keepers: LeaseKeeper[] = [];
  const keeper = (sql: SqlClient) => {
    const made = leaseKeeper({ sql, logger, checkEveryMs: 50 });
    keepers.push(made);
    return made;
  };

  beforeAll(async () => {
    first = await sqlBackends()[1]!.open({ migrate: false });
    const { rows } = await first.query<{ schema: string }>('SELECT current_schema() AS schema');
    second = openPostgres({ url: databaseUrl!, schema: rows[0]!.schema, applicationName: 'second-process' });
  });
  afterAll(async () => {
    for (const made of keepers) await made.stop();
    await second?.close();
    await first?.close();
  });

  it('gives each lease to one process; the standby takes it once the owner stops', async () => {
    const [ownerWork, standbyWork] = [work(), work()];
    const owner = keeper(first);
    owner.add('saga', ownerWork);
    await owner.start();
    const standby = keeper(second);
    standby.add('saga', standbyWork);
    await standby.start();
    expect([ownerWork.running(), standbyWork.running()]).toEqual([true, false]);

    await owner.stop();
    expect(ownerWork.log).toEqual(['start', 'stop']);
    expect(await eventually(async () => standbyWork.running(), Boolean)).toBe(true);
  });

  it('stops the work of an owner whose lease connection dies, and the standby takes it over', async () => {
    const [ownerWork, standbyWork] = [work(), work()];
    const owner = keeper(second);
    owner.add('projections', ownerWork);
    await owner.start();
    const standby = keeper(first);
    standby.add('projections', standbyWork);
    await standby.start();
    expect([ownerWork.running(), standbyWork.running()]).toEqual([true, false]);

    // As when its process dies or its network goes: the server ends the session and its locks.
    await first.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'second-process leases'`,
    );
    expect(await eventually(async () => standbyWork.running(), Boolean)).toBe(true);
    expect(
      await eventually(
        async () => ownerWork.running(),
        (running) => !running,
      ),
    ).toBe(false);
  });

  it('keeps apart leases of the same name in other schemas (deployments sharing a database)', async () => {
    const other = await sqlBackends()[1]!.open({ migrate: false });
    try {
      const [here, there] = [work(), work()];
      const [a, b] = [keeper(first), keeper(other)];
      a.add('booking-saga', here);
      b.add('booking-saga', there);
      await a.start();
      await b.start();
      expect([here.running(), there.running()]).toEqual([true, true]);
      await b.stop();
    } finally {
      await other.close();
    }
  });
});
