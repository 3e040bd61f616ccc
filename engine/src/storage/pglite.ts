import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { SqlClient, SqlExecutor, SqlResult } from './sql.js';

function executor(db: PGlite | Transaction): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> {
      const result = await db.query<Row>(text, params as unknown[] | undefined);
      // As in pg: the number of rows returned by a query, else the number of rows it changed.
      return { rows: result.rows, rowCount: result.fields.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
    },
  };
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` persists to disk; without it the database lives in memory.
 * PGlite is a single connection: its own mutex serialises queries and transactions.
 */
export async function openPglite(dataDir?: string): Promise<SqlClient> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // int8 as a JS number, as in the pg adapter.
  const db = await PGlite.create({ ...(dataDir && { dataDir }), parsers: { [types.INT8]: (value: string) => Number(value) } });
  return {
    kind: 'pglite',
    ...executor(db),
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    close: () => db.close(),
  };
}
