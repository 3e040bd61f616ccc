import type { Clock } from '../clock.js';
import { WrongExpectedRevisionError, type EventStore } from '../eventstore/eventstore.js';
import { withMetadata, type EventContext } from '../eventstore/metadata.js';
import type { Money } from './money.js';

/**
 * One stream per card authorization, `payment-<paymentId>`: the authorization made by
 * process-card, then exactly one claim by a booking, or its release (voided unused). The claim
 * and the release are appended at expected revision 0, so two bookings racing for one payment
 * cannot both have it.
 */
export type CardPaymentAuthorized = {
  type: 'CardPaymentAuthorized';
  data: { paymentId: string; offerId: string; brandKey: string; amount: Money; cardLast4: string; at: string };
};
export type CardPaymentClaimed = {
  type: 'CardPaymentClaimed';
  data: { paymentId: string; bookingId: string; at: string };
};
export type CardPaymentReleased = {
  type: 'CardPaymentReleased';
  data: { paymentId: string; reason: string; at: string };
};
export type CardPaymentEvent = CardPaymentAuthorized | CardPaymentClaimed | CardPaymentReleased;

export const paymentStreamName = (paymentId: string) => `payment-${paymentId}`;

export interface PaymentRecord {
  authorization: CardPaymentAuthorized['data'];
  claimedBy: string | null;
  released: boolean;
}

export async function recordAuthorization(
  store: EventStore,
  authorization: CardPaymentAuthorized['data'],
  context: EventContext,
  clock: Clock,
): Promise<void> {
  const event: CardPaymentAuthorized = { type: 'CardPaymentAuthorized', data: authorization };
  try {
    await store.append(paymentStreamName(authorization.paymentId), withMetadata([event], context, clock), 'no_stream');
  } catch (error) {
    // The same authorization answered again (an idempotent replay): it is already recorded.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

export async function readPayment(store: EventStore, paymentId: string): Promise<PaymentRecord | null> {
  const events = await store.readStream<CardPaymentEvent>(paymentStreamName(paymentId));
  const first = events[0];
  if (first?.type !== 'CardPaymentAuthorized') return null;
  const second = events[1];
  return {
    authorization: first.data,
    claimedBy: second?.type === 'CardPaymentClaimed' ? second.data.bookingId : null,
    released: second?.type === 'CardPaymentReleased',
  };
}

/** True when this booking now holds the payment (also when it already did); false when another use won. */
export async function claimPayment(
  store: EventStore,
  paymentId: string,
  bookingId: string,
  context: EventContext,
  clock: Clock,
): Promise<boolean> {
  const at = clock.now().toISOString();
  const event: CardPaymentClaimed = { type: 'CardPaymentClaimed', data: { paymentId, bookingId, at } };
  try {
    await store.append(paymentStreamName(paymentId), withMetadata([event], context, clock), 0n);
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const record = await readPayment(store, paymentId);
    return record?.claimedBy === bookingId;
  }
}

/** Marks an authorization as given back without a booking; false when a booking claimed it first. */
export async function releasePayment(
  store: EventStore,
  paymentId: string,
  reason: string,
  context: EventContext,
  clock: Clock,
): Promise<boolean> {
  const event: CardPaymentReleased = {
    type: 'CardPaymentReleased',
    data: { paymentId, reason, at: clock.now().toISOString() },
  };
  try {
    await store.append(paymentStreamName(paymentId), withMetadata([event], context, clock), 0n);
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return (await readPayment(store, paymentId))?.released === true;
  }
}
