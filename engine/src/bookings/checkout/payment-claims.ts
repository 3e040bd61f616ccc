import type { Clock } from '../../clock.js';
import { handleCommand, loadStream, type LoadedStream } from '../../eventstore/command-handler.js';
import { WrongExpectedRevisionError, type EventStore } from '../../eventstore/eventstore.js';
import type { EventContext } from '../../eventstore/metadata.js';
import {
  cardPaymentDecider,
  paymentStreamName,
  type CardAuthorization,
  type CardPaymentCommand,
  type CardPaymentState,
} from '../domain/card-payment.js';
import { Refusal } from '../domain/refusals.js';

/** A payment stream as read (or as an append left it): decide the next command against it without reading again. */
export type LoadedPayment = LoadedStream<CardPaymentState>;

/** The `payment-<id>` stream through its decider (domain/card-payment.ts). */
export class PaymentClaims {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async read(paymentId: string): Promise<CardPaymentState> {
    return (await this.load(paymentId)).state;
  }

  load(paymentId: string): Promise<LoadedPayment> {
    return loadStream(this.store, paymentStreamName(paymentId), cardPaymentDecider);
  }

  #run(paymentId: string, command: CardPaymentCommand, context: EventContext, known?: LoadedPayment, retries = 3) {
    return handleCommand(this.store, paymentStreamName(paymentId), cardPaymentDecider, command, {
      context,
      clock: this.clock,
      retriesOnConflict: retries,
      ...(known && { known }),
    });
  }

  /**
   * Records what process-card authorized; a replayed authorization is recorded once. The payment
   * id is new as a rule, so the stream is not read first: a replay finds it written, and reads it.
   */
  async recordAuthorization(authorization: CardAuthorization, context: EventContext): Promise<void> {
    const none: LoadedPayment = { state: cardPaymentDecider.initialState, revision: 'no_stream' };
    await this.#run(authorization.paymentId, { type: 'RecordCardAuthorization', data: authorization }, context, none);
  }

  /**
   * This booking now holds the payment (also when it already did); Refusal when it
   * cannot. `known`: the payment as the caller just read it.
   */
  async claim(paymentId: string, bookingId: string, context: EventContext, known?: LoadedPayment): Promise<void> {
    await this.#run(paymentId, { type: 'ClaimCardPayment', data: { bookingId, at: this.#now() } }, context, known);
  }

  /**
   * Marks an authorization as given back without a booking: true when it is released now or was
   * before, false when a booking holds it. `claimedBy` releases the claim of a booking that never
   * started; `fenced`: only if the stream is still as `known` (else false), for a release decided
   * on what else was read meanwhile.
   */
  async release(
    paymentId: string,
    reason: string,
    context: EventContext,
    claimedBy?: string,
    known?: LoadedPayment,
    fenced = false,
  ): Promise<boolean> {
    try {
      await this.#run(
        paymentId,
        { type: 'ReleaseCardPayment', data: { reason, at: this.#now(), ...(claimedBy && { claimedBy }) } },
        context,
        known,
        fenced ? 0 : 3,
      );
      return true;
    } catch (error) {
      if (error instanceof Refusal) return false;
      if (fenced && error instanceof WrongExpectedRevisionError) return false;
      throw error;
    }
  }

  #now(): string {
    return this.clock.now().toISOString();
  }
}
