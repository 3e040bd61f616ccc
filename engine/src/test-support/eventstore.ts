import { kurrentEventStore } from '../eventstore/kurrent-eventstore.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient } from '../storage/sql.js';
import { kurrentDbAvailability, startKurrentDb } from './kurrentdb.js';
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
   * An event store for one test file. PostgreSQL ones are fresh and empty; KurrentDB is a fresh
   * container, or the server at EVENTSTORE_URL, which cannot be emptied: suites use unique stream
   * names and read relative to `headPosition()`.
   */
  open(): Promise<OpenedEventStore>;
}

/** A backend that cannot run here: suites list it as skipped, with the reason in their title. */
export interface UnavailableBackend {
  name: string;
  unavailable: string;
}

/** PGlite always; PostgreSQL when DATABASE_URL is set (always in CI); KurrentDB when reachable. */
export function eventStoreBackends(): EventStoreBackend[] {
  const backends: EventStoreBackend[] = sqlBackends().map((sqlBackend) => ({
    name: sqlBackend.name,
    async open() {
      const sql = await sqlBackend.open();
      const store = postgresEventStore(sql, { pollIntervalMs: 10 });
      return { store, sql, close: () => store.close().then(() => sql.close()) };
    },
  }));
  const kurrentdb = kurrentDbAvailability();
  if (!('unavailable' in kurrentdb)) {
    backends.push({
      name: 'kurrentdb',
      async open() {
        const server = await startKurrentDb(kurrentdb);
        const store = kurrentEventStore(server.url);
        return { store, sql: undefined, close: () => store.close().then(server.stop) };
      },
    });
  }
  return backends;
}

/** The event stores this machine cannot run (KurrentDB without Docker or EVENTSTORE_URL), and why. */
export function unavailableEventStores(): UnavailableBackend[] {
  const kurrentdb = kurrentDbAvailability();
  return 'unavailable' in kurrentdb ? [{ name: 'kurrentdb', unavailable: kurrentdb.unavailable }] : [];
}
