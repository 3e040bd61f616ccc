import type { Clock } from '../../clock.js';
import { handleCommand, loadStream } from '../../eventstore/command-handler.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { EventContext } from '../../eventstore/metadata.js';
import {
  CardPaymentRefused,
  cardPaymentDecider,
  paymentStreamName,
  type CardAuthorization,
  type CardPaymentCommand,
  type CardPaymentState,
} from '../domain/card-payment.js';

/** The `payment-<id>` stream through its decider (domain/card-payment.ts). */
export class PaymentClaims {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async read(paymentId: string): Promise<CardPaymentState> {
    return (await loadStream(this.store, paymentStreamName(paymentId), cardPaymentDecider)).state;
  }

  #run(paymentId: string, command: CardPaymentCommand, context: EventContext) {
    return handleCommand(this.store, paymentStreamName(paymentId), cardPaymentDecider, command, {
      context,
      clock: this.clock,
      retriesOnConflict: 3,
    });
  }

  /** Records what process-card authorized; a replayed authorization is recorded once. */
  async recordAuthorization(authorization: CardAuthorization, context: EventContext): Promise<void> {
    await this.#run(authorization.paymentId, { type: 'RecordCardAuthorization', data: authorization }, context);
  }

  /** This booking now holds the payment (also when it already did); CardPaymentRefused when it cannot. */
  async claim(paymentId: string, bookingId: string, context: EventContext): Promise<void> {
    await this.#run(paymentId, { type: 'ClaimCardPayment', data: { bookingId, at: this.#now() } }, context);
  }

  /**
   * Marks an authorization as given back without a booking: true when it is released now or was
   * before, false when a booking holds it. `claimedBy` releases the claim of a booking that never started.
   */
  async release(paymentId: string, reason: string, context: EventContext, claimedBy?: string): Promise<boolean> {
    try {
      await this.#run(
        paymentId,
        { type: 'ReleaseCardPayment', data: { reason, at: this.#now(), ...(claimedBy && { claimedBy }) } },
        context,
      );
      return true;
    } catch (error) {
      if (error instanceof CardPaymentRefused) return false;
      throw error;
    }
  }

  #now(): string {
    return this.clock.now().toISOString();
  }
}
