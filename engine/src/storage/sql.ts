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
