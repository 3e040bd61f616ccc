import type { EventStore, RecordedEvent, Subscription } from '../../eventstore/eventstore.js';
import type { Logger } from '../../logging/logger.js';
import { BOOKING_STREAM_PREFIX } from '../domain/events.js';

/** A request's watch on its booking's stream: set before it records or reads the booking, so no event comes unseen. */
export interface Watch {
  /**
   * The booking's events recorded since the last call (or since the watch was set), as soon as
   * there are any; undefined when none came within `ms` (read the booking then: a slow fallback).
   */
  next(ms: number): Promise<RecordedEvent[] | undefined>;
  cancel(): void;
}

/** After the last watch ends, the event store is followed this much longer (for the next booking). */
const LINGER_MS = 5_000;

interface Watcher {
  events: RecordedEvent[];
  wake: (() => void) | undefined;
}

/**
 * Wakes a request waiting on its booking with the booking's new events, whichever process recorded
 * them, so POST /api/bookings neither polls nor reads the booking again to learn its outcome. On a
 * PostgreSQL server it hears which stream each commit wrote (onAppended, LISTEN/NOTIFY) and reads
 * only the watched bookings' new events: an engine's reads follow its own bookings, not the whole
 * store, however many engines there are. Elsewhere it follows the event store while any request
 * waits: the embedded database hands it the events of this process's appends, and the
 * subscription shares its reads with the projections' (the same page at the same position is read
 * once).
 */
export class OrderWake {
  readonly #watchers = new Map<string, Set<Watcher>>();
  #following: Promise<Subscription | undefined> | undefined;
  #hearing = false;
  /** Per watched booking: the next revision to read, and whether an append came during the read. */
  readonly #reads = new Map<string, { from: bigint; reading: boolean; again: boolean }>();
  #idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly logger: Logger,
  ) {}

  /** Follows the event store from its head, once per process; when that fails, watches time out and read. */
  ready(): Promise<unknown> {
    clearTimeout(this.#idle);
    this.#idle = undefined;
    if (this.eventStore.onAppended) {
      // Kept for the process's life: a LISTEN opened again per burst would miss its first commits.
      if (!this.#hearing) this.eventStore.onAppended((streamName) => void this.#appended(streamName));
      this.#hearing = true;
      return Promise.resolve();
    }
    if (!this.#following) {
      const following = this.#follow(() => {
        if (this.#following === following) this.#following = undefined;
      });
      this.#following = following;
    }
    return this.#following;
  }

  async #follow(forget: () => void): Promise<Subscription | undefined> {
    try {
      const after = await this.eventStore.headPosition();
      const subscription = this.eventStore.subscribeToAll({
        ...(after && { after }),
        handler: async (event) => this.#seen(event),
      });
      subscription.done.catch((error: unknown) => {
        forget();
        this.logger.warn({ err: error }, 'stopped following booking events: bookings wait by polling meanwhile');
      });
      return subscription;
    } catch (error) {
      forget();
      this.logger.warn({ err: error }, 'could not follow booking events: bookings wait by polling meanwhile');
      return undefined;
    }
  }

  /** Reads the watched booking's new events, one read at a time; an append heard meanwhile reads again. */
  async #appended(streamName: string): Promise<void> {
    if (!streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
    const bookingId = streamName.slice(BOOKING_STREAM_PREFIX.length);
    if (!this.#watchers.has(bookingId)) return;
    const read = this.#reads.get(bookingId) ?? { from: 0n, reading: false, again: false };
    this.#reads.set(bookingId, read);
    read.again = true;
    if (read.reading) return;
    read.reading = true;
    try {
      while (read.again && this.#watchers.has(bookingId)) {
        read.again = false;
        const events = await this.eventStore.readStream(streamName, { fromRevision: read.from });
        if (events.length > 0) read.from = events.at(-1)!.revision + 1n;
        for (const event of events) this.#seen(event);
      }
    } catch (error) {
      // The watch reads the booking itself once its wait ends.
      this.logger.warn({ err: error, bookingId }, 'could not read the booking events heard');
    } finally {
      read.reading = false;
    }
  }

  #seen(event: RecordedEvent): void {
    if (!event.streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
    for (const watcher of this.#watchers.get(event.streamName.slice(BOOKING_STREAM_PREFIX.length)) ?? []) {
      watcher.events.push(event);
      watcher.wake?.();
    }
  }

  /** Call after ready() and before recording or reading the booking. */
  watch(bookingId: string): Watch {
    const watcher: Watcher = { events: [], wake: undefined };
    const watchers = this.#watchers.get(bookingId) ?? new Set();
    this.#watchers.set(bookingId, watchers);
    watchers.add(watcher);
    const take = () => watcher.events.splice(0);
    return {
      next: async (ms) => {
        if (watcher.events.length === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, ms);
            function done() {
              clearTimeout(timer);
              watcher.wake = undefined;
              resolve();
            }
            watcher.wake = done;
          });
        }
        return watcher.events.length > 0 ? take() : undefined;
      },
      cancel: () => {
        watcher.wake?.();
        watchers.delete(watcher);
        if (watchers.size > 0) return;
        this.#watchers.delete(bookingId);
        this.#reads.delete(bookingId);
        if (this.#watchers.size === 0) this.#stopWhenIdle();
      },
    };
  }

  #stopWhenIdle(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      const following = this.#following;
      this.#following = undefined;
      void following?.then((subscription) => subscription?.stop());
    }, LINGER_MS);
    this.#idle.unref();
  }
}
