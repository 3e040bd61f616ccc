import { describe, expect, it } from 'vitest';
import { orderCreationRefusal } from './decider.js';
import type { BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import {
  AFTER_EXPIRY,
  checkout,
  cmd,
  ev,
  EXPIRES,
  given,
  LATER,
  startData,
  T0,
  usd,
} from '../test-support/decider-spec.js';

describe('starting a booking', () => {
  const { at: _at, ...start } = startData;
  it('starts', () =>
    given([])
      .when(cmd('StartBooking', start, T0))
      .then([ev.started()]));
  it('refuses an expired offer', () =>
    given([])
      .when(cmd('StartBooking', start, EXPIRES))
      .thenRefused('OFFER_EXPIRED'));
  it('refuses a second start', () =>
    given([ev.started()])
      .when(cmd('StartBooking', start, T0))
      .thenRefused('ALREADY_STARTED'));
  it('refuses a price that is not a positive integer of minor units', () => {
    given([])
      .when(cmd('StartBooking', { ...start, price: usd(10.5) }, T0))
      .thenRefused('INVALID_AMOUNT');
    given([])
      .when(cmd('StartBooking', { ...start, price: usd(0) }, T0))
      .thenRefused('INVALID_AMOUNT');
    given([])
      .when(cmd('StartBooking', { ...start, price: { amount: 1, currency: 'usd' } }, T0))
      .thenRefused('INVALID_AMOUNT');
  });
  it('refuses any other command before the start', () => {
    given([]).when(cmd('ConfirmBooking', {})).thenRefused('NOT_STARTED');
    given([])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .thenRefused('NOT_STARTED');
  });
});

describe('verifying the offer', () => {
  it('records a verified offer with its new expiry and price', () =>
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'valid', price: usd(56_000), expiresAt: '2026-11-22T13:00:00.000Z' }))
      .then([
        {
          type: 'OfferVerified',
          data: { offerId: 'off_1', price: usd(56_000), expiresAt: '2026-11-22T13:00:00.000Z', at: LATER },
        },
      ]));
  it('records an expired or unavailable offer', () => {
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } }]);
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'unavailable' }))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'unavailable', at: LATER } }]);
  });
  it('treats a "valid" answer past its own expiry as expired', () =>
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'valid', price: usd(1), expiresAt: EXPIRES }, AFTER_EXPIRY))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: AFTER_EXPIRY } }]));
  it('changes nothing once expired or ordered', () => {
    given([ev.started(), { type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } }])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .then([]);
    given([...checkout(), ev.ordered()])
      .when(cmd('VerifyOffer', { result: 'unavailable' }))
      .then([]);
  });
  it('fails the checkout when the offer expires', () => {
    const state = foldBooking([
      ...checkout(),
      { type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } },
    ]);
    expect(state.phase).toBe('failed');
    expect(orderCreationRefusal(state, LATER)?.code).toBe('BOOKING_FAILED');
  });
});

describe('passengers and seats', () => {
  const passengers = (ev.passengers() as Extract<BookingEvent, { type: 'PassengersProvided' }>).data.passengers;
  it('records sealed passengers', () =>
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers }, T0))
      .then([ev.passengers()]));
  it('refuses none, or the same id twice', () => {
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers: [] }))
      .thenRefused('NO_PASSENGERS');
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers: [passengers[0]!, passengers[0]!] }))
      .thenRefused('UNKNOWN_PASSENGER');
  });
  it('refuses changes once paid', () => {
    given(checkout()).when(cmd('ProvidePassengers', { passengers })).thenRefused('CHECKOUT_CLOSED');
    given(checkout())
      .when(cmd('SelectSeats', { seats: [] }))
      .thenRefused('CHECKOUT_CLOSED');
  });
  it('records seats of known passengers', () => {
    const seats = (ev.seat() as Extract<BookingEvent, { type: 'SeatsSelected' }>).data.seats;
    given([ev.started(), ev.passengers()])
      .when(cmd('SelectSeats', { seats }, T0))
      .then([ev.seat()]);
  });
  it('refuses seats of unknown passengers, doubled seats and foreign prices', () => {
    const seat = { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A', serviceId: 'ase_1', price: usd(1_500) };
    const base = [ev.started(), ev.passengers()];
    given(base)
      .when(cmd('SelectSeats', { seats: [{ ...seat, passengerId: 'pas_9' }] }))
      .thenRefused('UNKNOWN_PASSENGER');
    given(base)
      .when(cmd('SelectSeats', { seats: [seat, { ...seat, designator: '12B' }] }))
      .thenRefused('INVALID_SEATS');
    given(base)
      .when(cmd('SelectSeats', { seats: [seat, { ...seat, passengerId: 'pas_2' }] }))
      .thenRefused('INVALID_SEATS');
    given(base)
      .when(cmd('SelectSeats', { seats: [{ ...seat, price: { amount: 1_500, currency: 'EUR' } }] }))
      .thenRefused('INVALID_SEATS');
  });
});

describe('payment authorization', () => {
  const auth = (amount: number, currency = 'USD', paymentId = 'pi_1', cardLast4 = '4242') =>
    cmd('RecordPaymentAuthorization', { paymentId, amount: { amount, currency }, cardLast4 }, T0);
  it('records an authorization of exactly the price', () =>
    given([ev.started(), ev.passengers()]).when(auth(55_350)).then([ev.authorized()]));
  it('includes the seats in the price', () =>
    given([ev.started(), ev.passengers(), ev.seat()])
      .when(auth(56_850))
      .then([ev.authorized(56_850)]));
  it('refuses an amount or currency mismatch', () => {
    given([ev.started(), ev.passengers()]).when(auth(55_349)).thenRefused('AMOUNT_MISMATCH');
    given([ev.started(), ev.passengers()]).when(auth(55_350, 'EUR')).thenRefused('AMOUNT_MISMATCH');
    given([ev.started(), ev.passengers(), ev.seat()]).when(auth(55_350)).thenRefused('AMOUNT_MISMATCH');
  });
  it('refuses an expired offer', () => {
    given([ev.started(), ev.passengers()])
      .when({ ...auth(55_350), data: { ...auth(55_350).data, at: EXPIRES } })
      .thenRefused('OFFER_EXPIRED');
  });
  it('refuses a payment without passengers', () =>
    given([ev.started()]).when(auth(55_350)).thenRefused('NO_PASSENGERS'));
  it('keeps only four digits of a card', () => {
    given([ev.started(), ev.passengers()])
      .when(auth(55_350, 'USD', 'pi_1', '4242424242424242'))
      .thenRefused('INVALID_CARD_LAST4');
  });
  it('ignores the same authorization twice and refuses a second one', () => {
    given(checkout()).when(auth(55_350)).then([]);
    given(checkout())
      .when(auth(55_350, 'USD', 'pi_2'))
      .thenRefused('PAYMENT_ALREADY_AUTHORIZED');
  });
  it('records a decline, with at most the last four digits', () => {
    const decline = {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      cardLast4: '9995',
    };
    given([ev.started(), ev.passengers()])
      .when(cmd('RecordPaymentDecline', decline))
      .then([{ type: 'PaymentDeclined', data: { ...decline, at: LATER } }]);
    given([ev.started()])
      .when(cmd('RecordPaymentDecline', { ...decline, cardLast4: '4000000000009995' }))
      .thenRefused('INVALID_CARD_LAST4');
    given(checkout()).when(cmd('RecordPaymentDecline', decline)).thenRefused('PAYMENT_ALREADY_AUTHORIZED');
  });
  it('still accepts an authorization after a decline', () => {
    const declined: BookingEvent = {
      type: 'PaymentDeclined',
      data: {
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
        cardLast4: '0002',
        at: T0,
      },
    };
    given([ev.started(), ev.passengers(), declined]).when(auth(55_350)).then([ev.authorized()]);
  });
});
