import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, splitStatements } from './migrations.js';
import type { SqlClient } from './sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { openPgliteWorkerForTest } from '../test-support/pglite-worker.js';

// The embedded default's real path too: PGlite in its own thread, on disk, through `pg`.
const backends = [
  ...sqlBackends(),
  { name: 'pglite in a worker thread', open: (options: { migrate?: boolean }) => openPgliteWorkerForTest(options) },
];

describe('splitStatements', () => {
  it('splits on line-ending semicolons and keeps dollar-quoted bodies whole', () => {
    const sql = `CREATE TABLE a (id int);\nCREATE FUNCTION f() RETURNS int AS $$\nBEGIN\n  RETURN 1;\nEND;\n$$ LANGUAGE plpgsql;\nSELECT 1`;
    expect(splitStatements(sql)).toHaveLength(3);
    expect(splitStatements(sql)[1]).toContain('RETURN 1;');
  });
});

describe.each(backends)('storage on $name', (backend) => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await backend.open({ migrate: false });
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies each migration once, in order', async () => {
    const migrations = [
      { id: '001_things', sql: 'CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL);' },
      { id: '002_more', sql: "INSERT INTO things VALUES (1, 'one');\nINSERT INTO things VALUES (2, 'two');" },
    ];
    expect(await runMigrations(db, migrations)).toEqual(['001_things', '002_more']);
    expect(await runMigrations(db, migrations)).toEqual([]);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int8 AS count FROM things');
    expect(rows[0]?.count).toBe(2);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things VALUES (3, 'three')");
        await tx.query('INSERT INTO things VALUES (1, null)');
      }),
    ).rejects.toThrow();
    const { rowCount } = await db.query('SELECT 1 FROM things WHERE id = 3');
    expect(rowCount).toBe(0);
  });
});

// Issue #17: pg-pool's own query() closed the connection on any error, so every refused insert (a
// returning traveller's email, a taken username) cost the next statement a new connection.
// (On the embedded database every connection is a session of one backend, so it cannot show there.)
describe.each(sqlBackends().filter((backend) => backend.name === 'postgres'))(
  'a refused statement on $name',
  (backend) => {
    let db: SqlClient;
    beforeAll(async () => {
      db = await backend.open({ migrate: false });
      await db.query('CREATE TABLE marks (id int PRIMARY KEY)');
      await db.query('INSERT INTO marks VALUES (1)');
    });
    afterAll(async () => {
      await db.close();
    });

    it('keeps its pooled connection', async () => {
      await db.query("SELECT set_config('contrail.session_mark', 'kept', false)");
      await expect(db.query('INSERT INTO marks VALUES ($1)', [1])).rejects.toThrow(/duplicate key/);
      const { rows } = await db.query<{ mark: string | null }>(
        "SELECT current_setting('contrail.session_mark', true) AS mark",
      );
      expect(rows[0]?.mark).toBe('kept');
    });

    it('prepares a statement with parameters once per connection, and runs it again by name', async () => {
      const prepared = await db.transaction(async (tx) => {
        for (const id of [2, 3]) await tx.query('INSERT INTO marks VALUES ($1)', [id]);
        const { rows } = await tx.query<{ name: string }>(
          "SELECT name FROM pg_prepared_statements WHERE statement = 'INSERT INTO marks VALUES ($1)'",
        );
        return rows;
      });
      expect(prepared).toEqual([{ name: expect.stringMatching(/^contrail_\d+$/) }]);
    });
  },
);

describe.each(sqlBackends().filter((backend) => backend.name === 'postgres'))(
  'a lost connection on $name',
  (backend) => {
    let db: SqlClient;
    beforeAll(async () => {
      db = await backend.open({ migrate: false });
    });
    afterAll(async () => {
      await db.close();
    });

    it('fails the transaction that held it, not the process, and the pool goes on', async () => {
      const outcome = db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 50)); // between statements when the connection drops
          await tx.query('SELECT 1');
        })
        .then(
          () => 'committed',
          (error: Error) => error.message,
        );
      expect(await outcome).toMatch(/connection/i);
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  },
);
