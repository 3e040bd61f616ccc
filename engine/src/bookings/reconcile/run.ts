import type { ReconciliationFinding, ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import type { EventContext } from '../../eventstore/metadata.js';
import type { Payment } from '../../payments/gateway.js';
import { bookingDecider } from '../domain/decider.js';
import { bookingStreamName } from '../domain/events.js';
import { foldBooking, type BookingState } from '../domain/state.js';
import type { BookingDeps } from '../deps.js';
import { bookingCommands } from '../saga/context.js';

export type Finding = Omit<ReconciliationFinding, 'bookingId' | 'paymentId' | 'orderId'> &
  Partial<Pick<ReconciliationFinding, 'bookingId' | 'paymentId' | 'orderId'>>;

export interface LoadedForCheck {
  state: BookingState;
  /** When its last event was recorded: a booking that changed lately may still be moving on. */
  lastAt: string | null;
}

const full = (finding: Finding): ReconciliationFinding => ({
  bookingId: null,
  paymentId: null,
  orderId: null,
  ...finding,
});

/**
 * One reconciliation run: what it found, what it repaired (each repair an event with its reason),
 * and the bookings it read, each read once. Repairs happen only when the run may repair.
 */
export class ReconciliationRun {
  readonly repairs: ReconciliationReport['repairs'] = [];
  readonly mismatches: ReconciliationFinding[] = [];
  readonly unchecked: ReconciliationFinding[] = [];
  readonly providerPayments = new Map<string, Payment>();
  readonly #bookings = new Map<string, Promise<LoadedForCheck>>();

  constructor(
    readonly deps: BookingDeps,
    readonly context: EventContext,
    readonly options: { repair: boolean; settleMs: number; now: Date; since: string },
  ) {}

  booking(bookingId: string): Promise<LoadedForCheck> {
    let loaded = this.#bookings.get(bookingId);
    if (!loaded) {
      loaded = this.deps.eventStore.readStream(bookingStreamName(bookingId)).then((recorded) => ({
        state: foldBooking(recorded.map((event) => bookingDecider.parse(event))),
        lastAt: recorded.at(-1)?.metadata.timestamp ?? null,
      }));
      this.#bookings.set(bookingId, loaded);
    }
    return loaded;
  }

  /** Forgets what was read of a booking once a repair changed it. */
  changed(bookingId: string): void {
    this.#bookings.delete(bookingId);
  }

  /** True once nothing happened to it for the settle time: the saga is not still at work on it. */
  settled(at: string | null): boolean {
    return at === null || this.options.now.getTime() - Date.parse(at) >= this.options.settleMs;
  }

  run(bookingId: string) {
    return bookingCommands(this.deps, bookingId, this.context);
  }

  mismatch(finding: Finding): void {
    this.mismatches.push(full(finding));
    this.deps.logger.error({ ...finding }, 'reconciliation mismatch');
  }

  notChecked(finding: Finding, error: unknown): void {
    this.unchecked.push(full({ ...finding, detail: `${finding.detail}: ${(error as Error).message}` }));
  }

  /** Repairs (or, in a dry run, only lists) a mismatch the run knows how to resolve safely. */
  async repair(finding: Finding, action: string, work: () => Promise<unknown>): Promise<void> {
    try {
      if (this.options.repair) await work();
      this.repairs.push({ ...full(finding), action });
      if (this.options.repair) this.deps.logger.warn({ ...finding, action }, 'reconciliation repaired a mismatch');
    } catch (error) {
      this.notChecked({ ...finding, detail: `${finding.detail}; the repair (${action}) failed` }, error);
    } finally {
      if (finding.bookingId) this.changed(finding.bookingId);
    }
  }
}
