import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteWorkerForTest, type PgliteWorkerDatabase } from '../test-support/pglite-worker.js';
import { openPgliteWorker } from './pglite-worker.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const mode = async (directory: string) => (await stat(directory)).mode & 0o777;
const notes = async (db: PgliteWorkerDatabase) =>
  (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY body')).rows.map((row) => row.body);

describe('PGlite in its own thread, spoken to by pg', () => {
  let db: PgliteWorkerDatabase;
  beforeAll(async () => {
    db = await openPgliteWorkerForTest({ migrate: false });
    await db.query('CREATE TABLE notes (body text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), n int8)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps its data directory private', async () => {
    expect(await mode(db.dataDir)).toBe(0o700);
  });

  it('answers with the types and error codes of pg on PostgreSQL', async () => {
    await db.query("INSERT INTO notes (body, n) VALUES ('typed', 9007199254740991)");
    const { rows } = await db.query<{ at: unknown; n: unknown }>("SELECT at, n FROM notes WHERE body = 'typed'");
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
    await expect(db.query("INSERT INTO notes (body) VALUES ('typed')")).rejects.toMatchObject({ code: '23505' });
  });

  it("keeps a transaction's statements together while other connections query", async () => {
    const outcome = db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO notes (body) VALUES ('inside')");
        await sleep(40);
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    await sleep(10);
    // On one backend, interleaving this insert into the transaction above would roll it back too.
    await db.query("INSERT INTO notes (body) VALUES ('outside')");
    expect(await outcome).toBe('changed my mind');
    expect(await notes(db)).toEqual(['outside', 'typed']);
  });

  it('serves many concurrent queries and transactions, each answered with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 4 === 0
          ? db.transaction(async (tx) => (await tx.query<{ n: number }>('SELECT $1::int AS n', [index])).rows[0]!.n)
          : db.query<{ n: number }>('SELECT $1::int AS n', [index]).then(({ rows }) => rows[0]!.n),
      ),
    );
    expect(results).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });
});

describe('the database thread across restarts and crashes', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'contrail-pglite-restarts-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it(
    'tightens an existing data directory, keeps its data across a clean close, and notices a dead thread',
    async () => {
      const dataDir = path.join(root, 'pglite');
      await mkdir(dataDir, { recursive: true });
      await chmod(dataDir, 0o755);
      const exits: Error[] = [];
      const open = (closeTimeoutMs?: number) =>
        openPgliteWorker({ dataDir, closeTimeoutMs, onUnexpectedExit: (error) => exits.push(error) });

      const first = await open();
      expect(await mode(dataDir)).toBe(0o700);
      await first.query('CREATE TABLE kept (n int)');
      await first.query('INSERT INTO kept VALUES (1)');
      await first.close();
      await first.close(); // closing twice is harmless
      await expect(first.query('SELECT 1')).rejects.toThrow();

      // A transaction that never ends cannot hold shutdown past its bound.
      const stuck = await open(300);
      await stuck.query('INSERT INTO kept VALUES (2)');
      void stuck.transaction(() => new Promise(() => {}));
      await sleep(20);
      await expect(stuck.close()).rejects.toThrow(/did not close in time/);
      expect(exits).toEqual([]);

      // A crash of the thread: the engine hears it once, and every query fails with the cause.
      const crashing = await open();
      await crashing.query('INSERT INTO kept VALUES (3)');
      await crashing.thread.terminate();
      await sleep(10);
      expect(exits).toHaveLength(1);
      expect(exits[0]!.message).toMatch(/embedded database thread stopped/);
      await expect(crashing.query('SELECT 1')).rejects.toThrow(/embedded database thread stopped/);
      await crashing.close();

      // PGlite recovers what was committed before each stop.
      const last = await open();
      expect((await last.query<{ n: number }>('SELECT n FROM kept ORDER BY n')).rows).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
      await last.close();
      expect(exits).toHaveLength(1);
    },
    scaled(120_000),
  );

  it(
    'creates the database however long that takes, as long as it makes progress, and says what it is doing',
    async () => {
      const dataDir = path.join(root, 'created-slowly');
      const lines: string[] = [];
      // Creating a database takes seconds even on a quiet machine: far longer than this.
      const db = await openPgliteWorker({
        dataDir,
        stallTimeoutMs: 1_000,
        onProgress: (line) => lines.push(line),
        onUnexpectedExit: () => {},
      });
      try {
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        expect(lines[0]).toBe(`creating the embedded database in ${dataDir} (the first start only)…`);
      } finally {
        await db.close();
      }
    },
    scaled(300_000),
  );
});
