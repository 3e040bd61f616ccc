import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { privateDirectory } from './data-dir.js';
import { PGLITE_START_PARAMS } from './pglite-settings.js';
import type { SqlClient, SqlExecutor, SqlResult } from './sql.js';

function executor(db: PGlite | Transaction): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> {
      const result = await db.query<Row>(text, params as unknown[] | undefined);
      // As in pg: the number of rows returned by a query, else the number of rows it changed.
      return {
        rows: result.rows,
        rowCount: result.fields.length > 0 ? result.rows.length : (result.affectedRows ?? 0),
      };
    },
  };
}

/**
 * Embedded PostgreSQL (WASM) on the caller's thread: for tests and benches, where opening fast
 * matters. The engine itself runs PGlite off its event loop (pglite-worker.ts). `dataDir`
 * persists to disk; without it the database lives in memory. `snapshot` (from `dumpDataDir`) starts it from a copy instead of an empty cluster: tests use a
 * migrated one. PGlite is a single connection: its own mutex serialises queries and transactions.
 */
export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<SqlClient> {
  if (dataDir) privateDirectory(dataDir);
  const db = await PGlite.create({
    ...(dataDir && { dataDir }),
    ...(snapshot && { loadDataDir: snapshot }),
    startParams: PGLITE_START_PARAMS,
    // int8 as a JS number, as in the pg adapter.
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
  return pgliteClient(db);
}

/** The SQL port over an open PGlite instance. */
export function pgliteClient(db: PGlite): SqlClient {
  return {
    kind: 'pglite',
    ...executor(db),
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    close: () => db.close(),
  };
}
