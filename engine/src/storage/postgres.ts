import pg from 'pg';
import type { SqlClient, SqlExecutor, SqlResult } from './sql.js';

// Return int8 and numeric as JS values we can work with: bigint positions fit in a double
// for any realistic store, and amounts are handled as strings by the domain.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  url: string;
  /** Every connection uses this schema first: tests isolate themselves this way. */
  schema?: string;
  maxConnections?: number;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
  };
}

export function openPostgres(options: PostgresOptions): SqlClient {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    ...(options.schema && { options: `-c search_path=${options.schema}` }),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    ...executor(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
