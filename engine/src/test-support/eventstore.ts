import { kurrentEventStore } from '../eventstore/kurrent-eventstore.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient } from '../storage/sql.js';
import { serviceUrl } from './services.js';
import { sqlBackends } from './sql.js';

export interface OpenedEventStore {
  store: EventStore;
  /** The SQL database under the store; undefined for KurrentDB. */
  sql: SqlClient | undefined;
  close(): Promise<void>;
}

export interface EventStoreBackend {
  name: 'pglite' | 'postgres' | 'kurrentdb';
  /**
   * An event store for one test file. PostgreSQL ones are fresh and empty; a KurrentDB server
   * cannot be emptied, so suites use unique stream names and read relative to `headPosition()`.
   */
  open(): Promise<OpenedEventStore>;
}

/** PGlite always; PostgreSQL when DATABASE_URL is set (always in CI); KurrentDB when EVENTSTORE_URL is set. */
export function eventStoreBackends(): EventStoreBackend[] {
  const backends: EventStoreBackend[] = sqlBackends().map((sqlBackend) => ({
    name: sqlBackend.name,
    async open() {
      const sql = await sqlBackend.open();
      const store = postgresEventStore(sql, { pollIntervalMs: 10 });
      return { store, sql, close: () => store.close().then(() => sql.close()) };
    },
  }));
  const eventStoreUrl = serviceUrl('EVENTSTORE_URL');
  if (eventStoreUrl) {
    backends.push({
      name: 'kurrentdb',
      async open() {
        const store = kurrentEventStore(eventStoreUrl);
        return { store, sql: undefined, close: () => store.close() };
      },
    });
  }
  return backends;
}
