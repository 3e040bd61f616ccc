/** The booking decider's spec language: event fixtures and given/when/then (the decider tests share it). */
import { expect } from 'vitest';
import type { BookingCommand } from '../domain/commands.js';
import { Refusal, decide, type RefusalCode } from '../domain/decider.js';
import type { BookingEvent, BookingStarted } from '../domain/events.js';
import { foldBooking } from '../domain/state.js';

export const T0 = '2026-11-22T12:00:00.000Z';
export const LATER = '2026-11-22T12:10:00.000Z';
export const EXPIRES = '2026-11-22T12:30:00.000Z';
export const AFTER_EXPIRY = '2026-11-22T12:31:00.000Z';
/** When the saga proposes to try a delayed order again (LATER plus 90 s). */
export const RETRY_AT = '2026-11-22T12:11:30.000Z';
export const DEPARTS = '2026-12-20T18:05:00.000Z';
export const ARRIVES = '2026-12-21T06:00:00.000Z';

export const sealed = (passengerId: string) => ({
  keyId: `b1/${passengerId}`,
  iv: 'aXY=',
  tag: 'dGFn',
  data: 'ZGF0YQ==',
});
export const usd = (amount: number) => ({ amount, currency: 'USD' });

export const startData: BookingStarted['data'] = {
  bookingId: 'b1',
  brandKey: 'default',
  offerId: 'off_1',
  customerId: null,
  price: usd(55_350),
  offerExpiresAt: EXPIRES,
  passportRequired: false,
  cancellable: true,
  departsAt: DEPARTS,
  arrivesAt: ARRIVES,
  itinerary: null,
  at: T0,
};

export const ev = {
  started: (overrides: Partial<BookingStarted['data']> = {}): BookingEvent => ({
    type: 'BookingStarted',
    data: { ...startData, ...overrides },
  }),
  passengers: (): BookingEvent => ({
    type: 'PassengersProvided',
    data: {
      passengers: [
        { passengerId: 'pas_1', type: 'adult', pii: sealed('pas_1') },
        { passengerId: 'pas_2', type: 'child', pii: sealed('pas_2') },
      ],
      at: T0,
    },
  }),
  seat: (): BookingEvent => ({
    type: 'SeatsSelected',
    data: {
      seats: [{ passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A', serviceId: 'ase_1', price: usd(1_500) }],
      at: T0,
    },
  }),
  authorized: (amount = 55_350): BookingEvent => ({
    type: 'PaymentAuthorized',
    data: { paymentId: 'pi_1', amount: usd(amount), cardLast4: '4242', at: T0 },
  }),
  ordered: (): BookingEvent => ({
    type: 'OrderCreated',
    data: { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000', providerTotal: usd(45_000), at: LATER },
  }),
  captured: (): BookingEvent => ({
    type: 'PaymentCaptured',
    data: { paymentId: 'pi_1', amount: usd(55_350), fee: usd(1_635), at: LATER },
  }),
  confirmed: (): BookingEvent => ({
    type: 'BookingConfirmed',
    data: { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000', at: LATER },
  }),
  quoted: (refund = 40_000, quoteId = 'ore_q1'): BookingEvent => ({
    type: 'CancellationQuoted',
    data: {
      quoteId,
      airlineRefund: refund,
      refund: usd(refund),
      airlineFee: 5_000,
      serviceFee: 10_350,
      markupKeptOnRefund: true,
      expiresAt: EXPIRES,
      at: LATER,
    },
  }),
  cancelling: (quoteId?: string): BookingEvent => ({
    type: 'CancellationRequested',
    data: { requestedBy: 'u1', quoteId: quoteId ?? null, at: LATER },
  }),
  orderCancelled: (refund = 40_000): BookingEvent => ({
    type: 'OrderCancelled',
    data: { cancellationId: 'ore_1', refund: usd(refund), providerRefund: usd(refund), at: LATER },
  }),
  cancelled: (): BookingEvent => ({ type: 'BookingCancelled', data: { at: LATER } }),
  voided: (): BookingEvent => ({
    type: 'PaymentVoided',
    data: { paymentId: 'pi_1', reason: 'order failed', at: LATER },
  }),
  orderDelayed: (round = 1, retryAt: string | null = RETRY_AT, at = LATER): BookingEvent => ({
    type: 'OrderDelayed',
    data: { reason: 'The flight provider could not be reached', round, retryAt, at },
  }),
  orderFailed: (): BookingEvent => ({
    type: 'OrderFailed',
    data: {
      reason: 'offer_no_longer_available',
      code: 'offer_no_longer_available',
      failureCode: 'OFFER_EXPIRED',
      at: LATER,
    },
  }),
  priceChanged: (): BookingEvent => ({
    type: 'OrderFailed',
    data: { reason: 'Price changed', code: 'price_changed', failureCode: 'PRICE_CHANGED', at: LATER },
  }),
};

export const checkout = () => [ev.started(), ev.passengers(), ev.authorized()];
export const confirmedBooking = () => [...checkout(), ev.ordered(), ev.captured(), ev.confirmed()];

/** Given these events, when this command: then these events, or this refusal. */
export function given(events: BookingEvent[]) {
  const state = foldBooking(events);
  return {
    when(command: BookingCommand) {
      return {
        then: (expected: BookingEvent[]) => expect(decide(command, state)).toEqual(expected),
        thenRefused: (code: RefusalCode) => {
          let error: unknown;
          try {
            decide(command, state);
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(Refusal);
          expect((error as Refusal).code).toBe(code);
        },
      };
    },
  };
}

type CommandOf<T extends BookingCommand['type']> = Extract<BookingCommand, { type: T }>;
type WithoutAt<D> = D extends unknown ? Omit<D, 'at'> : never;
export const cmd = <T extends BookingCommand['type']>(
  type: T,
  data: WithoutAt<CommandOf<T>['data']>,
  at = LATER,
): CommandOf<T> => ({ type, data: { ...data, at } }) as unknown as CommandOf<T>;
