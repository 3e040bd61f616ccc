import type { EventStore } from '../eventstore/eventstore.js';
import type { SqlClient } from '../storage/sql.js';

/** Which call fails once armed: an append holding an event of this type, or a statement matching this text. */
export type FaultTarget = { event: string } | { statement: RegExp };

export interface Fault {
  target: FaultTarget;
  /** `before`: the call fails and changes nothing; `after`: it takes effect, and its answer is lost. */
  when: 'before' | 'after';
}

/** A passing database failure, as the pg client reports a dropped connection. */
export function connectionLost(): Error {
  return Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
}

/**
 * Throws once, at one named call, in a database client and an event store wrapped with it: a
 * test arms the next failure and checks that it fired, so a fault that matched nothing fails the
 * test instead of passing it quietly.
 */
export class StepFaults {
  #armed: Fault | undefined;
  #fired = false;

  arm(fault: Fault): void {
    this.#armed = fault;
    this.#fired = false;
  }

  /** True once the armed fault has been thrown. */
  get fired(): boolean {
    return this.#fired;
  }

  sql(client: SqlClient): SqlClient {
    return new Proxy(client, {
      get: (target, property, receiver) => {
        if (property !== 'query') return bound(target, property, receiver);
        return (text: string, params?: readonly unknown[]) =>
          this.#failing(
            (target) => 'statement' in target && target.statement.test(text),
            () => client.query(text, params),
          );
      },
    });
  }

  eventStore(store: EventStore): EventStore {
    return new Proxy(store, {
      get: (target, property, receiver) => {
        if (property !== 'append') return bound(target, property, receiver);
        const append: EventStore['append'] = (streamName, events, expectedRevision) =>
          this.#failing(
            (target) => 'event' in target && events.some((event) => event.type === target.event),
            () => store.append(streamName, events, expectedRevision),
          );
        return append;
      },
    });
  }

  async #failing<T>(matches: (target: FaultTarget) => boolean, call: () => Promise<T>): Promise<T> {
    const fault = this.#armed;
    if (!fault || !matches(fault.target)) return call();
    this.#armed = undefined;
    this.#fired = true;
    if (fault.when === 'after') await call();
    throw connectionLost();
  }
}

function bound(target: object, property: string | symbol, receiver: unknown): unknown {
  const value: unknown = Reflect.get(target, property, receiver);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}
