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

/** The SqlClient over a `pg` pool: a PostgreSQL server's, or the embedded database thread's. */
export function sqlClientOnPool(pool: pg.Pool, kind: SqlClient['kind'], close: () => Promise<void>): SqlClient {
  return {
    kind,
    ...executor(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost between statements must not crash the process (pg emits it on the
      // checked-out client): the next statement fails with it, and the client is thrown away.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close,
  };
}

export function openPostgres(options: PostgresOptions): SqlClient {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // An unreachable server fails a request in seconds (a 503), never holds it until TCP gives up.
    connectionTimeoutMillis: 5_000,
    ...(options.schema && { options: `-c search_path=${options.schema}` }),
  });
  // An idle client losing its connection must not crash the process: the next query reconnects.
  pool.on('error', () => {});
  return sqlClientOnPool(pool, 'postgres', () => pool.end());
}
