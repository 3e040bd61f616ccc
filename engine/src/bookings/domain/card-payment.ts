import { z } from 'zod';
import type { Decider } from '../../eventstore/command-handler.js';
import { eventParser } from '../../eventstore/event-parser.js';
import { moneySchema } from '@contrail/shared/booking/money-schema';
import { Refusal } from './refusals.js';

/**
 * One stream per card authorization, `payment-<paymentId>`: the authorization made by
 * process-card, then exactly one claim by a booking, or its release (voided unused). Every change
 * is decided against the stream's revision, so two bookings racing for one payment cannot both
 * have it, and a release cannot slip in under a claim.
 */
export const cardPaymentEventSchemas = {
  CardPaymentAuthorized: z.object({
    paymentId: z.string(),
    offerId: z.string(),
    brandKey: z.string(),
    amount: moneySchema,
    cardLast4: z.string(),
    /** Until when a booking may use it; after that (and a grace period) an unused hold is voided. */
    offerExpiresAt: z.string().nullable(),
    at: z.string(),
  }),
  CardPaymentClaimed: z.object({ paymentId: z.string(), bookingId: z.string(), at: z.string() }),
  CardPaymentReleased: z.object({ paymentId: z.string(), reason: z.string(), at: z.string() }),
};
type Schemas = typeof cardPaymentEventSchemas;
export type CardPaymentEvent = { [Type in keyof Schemas]: { type: Type; data: z.infer<Schemas[Type]> } }[keyof Schemas];
export type CardAuthorization = z.infer<Schemas['CardPaymentAuthorized']>;

export const paymentStreamName = (paymentId: string) => `payment-${paymentId}`;
export const PAYMENT_STREAM_PREFIX = 'payment-';

/** Authorizations recorded before the offer's expiry was kept with them have none. */
const upcastAuthorization = (data: unknown) => ({ offerExpiresAt: null, ...(data as object) });
export const parseCardPaymentEvent = eventParser<CardPaymentEvent>(cardPaymentEventSchemas, {
  CardPaymentAuthorized: [upcastAuthorization],
});

export type CardPaymentState =
  | { status: 'none' }
  | { status: 'authorized'; authorization: CardAuthorization }
  | { status: 'claimed'; authorization: CardAuthorization; bookingId: string }
  | { status: 'released'; authorization: CardAuthorization; reason: string; claimedBy: string | null };

export type CardPaymentCommand =
  | { type: 'RecordCardAuthorization'; data: CardAuthorization }
  | { type: 'ClaimCardPayment'; data: { bookingId: string; at: string } }
  /** `claimedBy`: release a claimed payment whose booking never started (its request died). */
  | { type: 'ReleaseCardPayment'; data: { reason: string; claimedBy?: string; at: string } };

export const PAYMENT_ALREADY_USED_MESSAGE = 'This payment has already been used for another booking';
export const PAYMENT_NO_LONGER_VALID_MESSAGE = 'This card authorization is no longer valid. Please pay again.';

export function decideCardPayment(command: CardPaymentCommand, state: CardPaymentState): CardPaymentEvent[] {
  if (command.type === 'RecordCardAuthorization')
    return state.status === 'none' ? [{ type: 'CardPaymentAuthorized', data: command.data }] : [];
  if (state.status === 'none') throw new Refusal('NO_PAYMENT', 'No card payment with this id was authorized here');
  const { paymentId } = state.authorization;
  const { at } = command.data;
  if (command.type === 'ClaimCardPayment') {
    const { bookingId } = command.data;
    // Claimed again by its booking (a resumed request): recorded again, so that a release decided
    // against the stream as it was (the unused-hold sweep) conflicts with it instead of slipping under it.
    if (state.status === 'authorized' || (state.status === 'claimed' && state.bookingId === bookingId))
      return [{ type: 'CardPaymentClaimed', data: { paymentId, bookingId, at } }];
    if (state.status === 'released') throw new Refusal('PAYMENT_RELEASED', PAYMENT_NO_LONGER_VALID_MESSAGE);
    throw new Refusal('PAYMENT_ALREADY_USED', PAYMENT_ALREADY_USED_MESSAGE);
  }
  if (state.status === 'released') return [];
  if (state.status === 'claimed' && state.bookingId !== command.data.claimedBy)
    throw new Refusal('PAYMENT_ALREADY_USED', PAYMENT_ALREADY_USED_MESSAGE);
  return [{ type: 'CardPaymentReleased', data: { paymentId, reason: command.data.reason, at } }];
}

export function evolveCardPayment(state: CardPaymentState, event: CardPaymentEvent): CardPaymentState {
  switch (event.type) {
    case 'CardPaymentAuthorized':
      return { status: 'authorized', authorization: event.data };
    case 'CardPaymentClaimed':
      return state.status === 'none' ? state : { ...state, status: 'claimed', bookingId: event.data.bookingId };
    case 'CardPaymentReleased':
      if (state.status === 'none') return state;
      return {
        status: 'released',
        authorization: state.authorization,
        reason: event.data.reason,
        claimedBy: state.status === 'claimed' ? state.bookingId : null,
      };
  }
}

export const cardPaymentDecider: Decider<CardPaymentCommand, CardPaymentEvent, CardPaymentState> = {
  decide: decideCardPayment,
  evolve: evolveCardPayment,
  initialState: { status: 'none' },
  parse: parseCardPaymentEvent,
};
