import pg from 'pg';
import type { SqlClient, SqlExecutor, SqlListener, SqlListenerHandlers, SqlLockSession, SqlResult } from './sql.js';
import { backoffDelay } from '@contrail/shared/time/backoff';

// Return int8 and numeric as JS values we can work with: bigint positions fit in a double
// for any realistic store, and amounts are handled as strings by the domain.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  url: string;
  /** Every connection uses this schema first: tests isolate themselves this way. */
  schema?: string;
  maxConnections?: number;
  /** Shown in pg_stat_activity; the listening connection adds ` listener`. */
  applicationName?: string;
  /** A dropped listening connection is re-opened after `first` ms, doubling up to `max`. */
  listenRetryMs?: { first: number; max: number };
}

/** Statement texts run with parameters, and their names as prepared statements. */
const statementNames = new Map<string, string>();
/** Statements built with a varying text beyond this many run unnamed (each name lives on in every connection). */
const MAX_NAMED_STATEMENTS = 2_000;

/**
 * A statement with parameters as a named prepared statement on a PostgreSQL server: each connection
 * parses and plans a text once, then only binds and runs it (`pg` keeps track of what each
 * connection has prepared); unnamed, every run was parsed and planned again, most of the server's
 * work for the event store's appends. Not on the embedded database: its wire sessions share one
 * backend (wire-sessions.ts), where one connection's names would clash with another's.
 */
function statement(text: string, params: readonly unknown[] | undefined, named: boolean): pg.QueryConfig {
  const values = params as unknown[] | undefined;
  if (!named || values === undefined) return { text, ...(values && { values }) };
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `contrail_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return { text, values, ...(name && { name }) };
}

function executor(client: pg.PoolClient, named: boolean): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> {
      const result = await client.query(statement(text, params, named));
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * One statement on a pooled connection. A statement the server refused (a unique violation, say)
 * leaves its connection as good as before, so it goes back to the pool: pg-pool's own query()
 * closes the connection on any error, and the next statement paid for a new one (a backend
 * started, authenticated and warmed up again).
 */
function pooledExecutor(pool: pg.Pool, named: boolean): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> {
      const client = await pool.connect();
      // As in transaction(): a connection lost meanwhile must not crash the process.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        const result = await client.query(statement(text, params, named));
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
      } catch (error) {
        lost ??= error instanceof pg.DatabaseError ? undefined : (error as Error);
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
  };
}

/** The SqlClient over a `pg` pool: a PostgreSQL server's, or the embedded database thread's. */
export function sqlClientOnPool(pool: pg.Pool, kind: SqlClient['kind'], close: () => Promise<void>): SqlClient {
  return {
    kind,
    ...pooledExecutor(pool, kind === 'postgres'),
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost between statements must not crash the process (pg emits it on the
      // checked-out client): the next statement fails with it, and the client is thrown away.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work(executor(client, kind === 'postgres'));
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
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    // An unreachable server fails a request in seconds (a 503), never holds it until TCP gives up.
    connectionTimeoutMillis: 5_000,
    ...(options.schema && { options: `-c search_path=${options.schema}` }),
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.maxConnections ?? 10,
    ...(options.applicationName && { application_name: options.applicationName }),
  });
  // An idle client losing its connection must not crash the process: the next query reconnects.
  pool.on('error', () => {});
  const listeners = new Set<SqlListener>();
  const listenerConnection: pg.ClientConfig = {
    ...connection,
    // A connection that only waits would never notice a silent network failure without keepalives.
    keepAlive: true,
    application_name: `${options.applicationName ?? 'contrail'} listener`,
  };
  return {
    ...sqlClientOnPool(pool, 'postgres', async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    }),
    listen(channel, handlers) {
      const opened = listenOn(listenerConnection, channel, handlers, options.listenRetryMs);
      const listener = {
        async close() {
          listeners.delete(listener);
          await opened.close();
        },
      };
      listeners.add(listener);
      return listener;
    },
    lockSession: () =>
      openLockSession({ ...listenerConnection, application_name: `${options.applicationName ?? 'contrail'} leases` }),
  };
}

/**
 * A lock's key is the hash of its name within the schema: advisory locks are per database, and
 * deployments (and tests) may share one in separate schemas.
 */
const lockKey = (name: string) => `hashtextextended(current_schema() || '/' || ${name}, 0)`;

async function openLockSession(config: pg.ClientConfig): Promise<SqlLockSession> {
  const client = new pg.Client(config);
  const lost = new Promise<void>((resolve) => {
    client.on('error', () => resolve());
    client.on('end', () => resolve());
  });
  await client.connect();
  return {
    async tryLock(names, most) {
      // The limit stops the scan once reached: the names after it are not tried, so not locked.
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM unnest($1::text[]) AS name WHERE pg_try_advisory_lock(${lockKey('name')}) LIMIT $2`,
        [names, most ?? null],
      );
      return rows.map((row) => row.name);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    lost,
    close: () => client.end().catch(() => {}),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work), re-opened with a
 * growing pause whenever it fails or drops, until closed.
 */
function listenOn(
  config: pg.ClientConfig,
  channel: string,
  handlers: SqlListenerHandlers,
  retryMs = { first: 100, max: 5_000 },
): SqlListener {
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Failed or dropped connections since the last that held. */
  let failures = 0;

  function reopenLater(client: pg.Client): void {
    if (closed || current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    failures += 1;
    timer = setTimeout(() => void open(), backoffDelay(failures, { firstMs: retryMs.first, maxMs: retryMs.max }));
  }

  async function open(): Promise<void> {
    if (closed) return;
    const client = new pg.Client(config);
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    client.on('error', () => reopenLater(client));
    client.on('end', () => reopenLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      reopenLater(client);
      return;
    }
    if (current !== client) return;
    failures = 0;
    handlers.onConnected?.();
  }

  void open();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
