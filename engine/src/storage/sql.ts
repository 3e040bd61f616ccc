/**
 * The engine's port to its relational storage. PostgreSQL (`pg`) and embedded PGlite both
 * implement it with the same SQL, so every store above it runs on either.
 */
export interface SqlResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL servers only (other processes may write there): hears NOTIFY on `channel`. Absent
   * on the embedded database, which only this process writes to.
   */
  listen?(channel: string, handlers: SqlListenerHandlers): SqlListener;
  /**
   * PostgreSQL servers only (several processes share them): a connection of its own holding
   * session advisory locks, the leases of engine/src/leases. Absent on the embedded database,
   * whose one process owns everything.
   */
  lockSession?(): Promise<SqlLockSession>;
  close(): Promise<void>;
}

/** Session-level locks on one dedicated connection: all are released when it ends, however it ends. */
export interface SqlLockSession {
  /**
   * Takes each named lock no other session holds, in one round trip, trying them in order and
   * stopping once it has taken `most` (default: all); answers those taken.
   */
  tryLock(names: readonly string[], most?: number): Promise<string[]>;
  /** One round trip: rejects once the connection (and with it every lock) is gone. */
  ping(): Promise<void>;
  /** Settles once the connection has ended or failed: its locks are released by the server. */
  readonly lost: Promise<void>;
  close(): Promise<void>;
}

export interface SqlListenerHandlers {
  /** The payload of each notification on the channel. */
  onNotification(payload: string): void;
  /**
   * Called on every (re)connection, once LISTEN holds: notifications sent while the connection
   * was down are lost, so a listener should look again for whatever it waits for.
   */
  onConnected?(): void;
}

export interface SqlListener {
  close(): Promise<void>;
}
