import { describe, expect, it } from 'vitest';
import type { BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import { cmd, confirmedBooking, ev, given, LATER, T0, usd } from '../test-support/decider-spec.js';

/** Hold now, pay later (issue 36): held unpaid, paid later (card, airline, capture), or run out. */
const PAY_BY = '2026-11-23T12:00:00.000Z';
const GUARANTEED = '2026-11-23T00:00:00.000Z';
const PAST_DEADLINE = '2026-11-23T12:00:01.000Z';

const requested = (): BookingEvent => ({
  type: 'HoldRequested',
  data: { paymentRequiredBy: PAY_BY, priceGuaranteeExpiresAt: GUARANTEED, at: T0 },
});
const heldData = {
  orderId: 'ord_hold',
  bookingReference: 'HLD123',
  providerTotal: usd(45_000),
  price: usd(55_350),
  paymentRequiredBy: PAY_BY,
  priceGuaranteeExpiresAt: GUARANTEED,
};
const orderHeld = (): BookingEvent => ({ type: 'OrderHeld', data: { ...heldData, at: LATER } });
const holdAuthorized = (amount = 55_350, paymentId = 'pi_h'): BookingEvent => ({
  type: 'HoldPaymentAuthorized',
  data: { paymentId, amount: usd(amount), cardLast4: '4242', at: LATER },
});
const holdPaid = (): BookingEvent => ({
  type: 'HoldPaid',
  data: { airlinePaymentId: 'pay_1', amount: usd(45_000), at: LATER },
});
const captured = (): BookingEvent => ({
  type: 'PaymentCaptured',
  data: { paymentId: 'pi_h', amount: usd(55_350), fee: usd(1_635), at: LATER },
});

const asking = () => [ev.started(), ev.passengers(), requested()];
const held = () => [...asking(), orderHeld()];
const paying = () => [...held(), holdAuthorized()];

describe('holding a price', () => {
  const request = cmd('RequestHold', { paymentRequiredBy: PAY_BY, priceGuaranteeExpiresAt: GUARANTEED }, T0);

  it('records the request of a checkout with passengers and no payment, once', () => {
    given([ev.started(), ev.passengers()]).when(request).then([requested()]);
    given(asking()).when(request).then([]);
  });

  it('refuses a hold without passengers, of a paid checkout, with seats, or past the deadline', () => {
    given([ev.started()]).when(request).thenRefused('NO_PASSENGERS');
    given([ev.started(), ev.passengers(), ev.authorized()]).when(request).thenRefused('PAYMENT_ALREADY_AUTHORIZED');
    given([ev.started(), ev.passengers(), ev.seat()]).when(request).thenRefused('HOLD_NOT_AVAILABLE');
    given([ev.started(), ev.passengers()])
      .when(cmd('RequestHold', { paymentRequiredBy: T0, priceGuaranteeExpiresAt: null }, T0))
      .thenRefused('HOLD_NOT_AVAILABLE');
  });

  it('refuses a card authorization for a checkout that waits for its hold', () =>
    given(asking())
      .when(cmd('RecordPaymentAuthorization', { paymentId: 'pi_1', amount: usd(55_350), cardLast4: '4242' }))
      .thenRefused('NOT_HELD'));

  it("records the airline's hold, and the trip is held at its price until its deadline", () => {
    given(asking()).when(cmd('RecordOrderHeld', heldData)).then([orderHeld()]);
    const state = foldBooking(held());
    expect(state).toMatchObject({
      phase: 'held',
      order: { orderId: 'ord_hold', bookingReference: 'HLD123', cancelled: false },
      hold: { paymentRequiredBy: PAY_BY, price: usd(55_350), providerTotal: usd(45_000), airlinePaymentId: null },
      payment: null,
    });
  });

  it('ignores the same hold reported again and refuses another order', () => {
    given(held()).when(cmd('RecordOrderHeld', heldData)).then([]);
    given(held())
      .when(cmd('RecordOrderHeld', { ...heldData, orderId: 'ord_other' }))
      .thenRefused('ORDER_ALREADY_CREATED');
    given([ev.started(), ev.passengers()]).when(cmd('RecordOrderHeld', heldData)).thenRefused('NOT_HELD');
  });

  it('refuses to cancel or complete a held trip', () => {
    given(held())
      .when(cmd('RequestCancellation', { requestedBy: 'u1', quoteId: null }))
      .thenRefused('NOT_CONFIRMED');
    given(held()).when(cmd('CompleteBooking', {})).thenRefused('NOT_CONFIRMED');
  });
});

describe('paying a held trip', () => {
  const authorize = (amount = 55_350, at = LATER) =>
    cmd('RecordHoldPaymentAuthorization', { paymentId: 'pi_h', amount: usd(amount), cardLast4: '4242' }, at);

  it('authorizes the card for exactly the held price, before the deadline', () => {
    given(held()).when(authorize()).then([holdAuthorized()]);
    given(held()).when(authorize(50_000)).thenRefused('PRICE_CHANGED');
    given(held()).when(authorize(55_350, PAST_DEADLINE)).thenRefused('HOLD_EXPIRED');
    given(paying()).when(authorize()).then([]);
    given(paying())
      .when(cmd('RecordHoldPaymentAuthorization', { paymentId: 'pi_2', amount: usd(55_350), cardLast4: '4242' }))
      .thenRefused('PAYMENT_ALREADY_AUTHORIZED');
  });

  it('pays the airline, then captures, then confirms: the booking is confirmed at the price paid', () => {
    const paid = cmd('RecordHoldPaid', { airlinePaymentId: 'pay_1', amount: usd(45_000) });
    given(held()).when(paid).thenRefused('PAYMENT_NOT_AUTHORIZED');
    given(paying()).when(paid).then([holdPaid()]);
    given([...paying(), holdPaid()])
      .when(paid)
      .then([]);
    const capture = cmd('RecordPaymentCapture', { paymentId: 'pi_h', amount: usd(55_350), fee: usd(1_635) });
    given(paying()).when(capture).thenRefused('NO_ORDER');
    given([...paying(), holdPaid()])
      .when(capture)
      .then([captured()]);
    given([...paying(), holdPaid()])
      .when(cmd('ConfirmBooking', {}))
      .thenRefused('PAYMENT_NOT_CAPTURED');
    given([...paying(), holdPaid(), captured()])
      .when(cmd('ConfirmBooking', {}))
      .then([{ type: 'BookingConfirmed', data: { orderId: 'ord_hold', bookingReference: 'HLD123', at: LATER } }]);
    const confirmed = foldBooking([
      ...paying(),
      holdPaid(),
      captured(),
      { type: 'BookingConfirmed', data: { orderId: 'ord_hold', bookingReference: 'HLD123', at: LATER } },
    ]);
    expect(confirmed).toMatchObject({
      phase: 'confirmed',
      payment: { paymentId: 'pi_h', status: 'captured', amount: usd(55_350) },
      order: { orderId: 'ord_hold' },
    });
    expect(confirmed).not.toHaveProperty('hold');
  });

  it('records a new price from the airline; the card is given back and the trip stays held at the new price', () => {
    const change = cmd('RecordHoldPriceChange', { providerTotal: usd(47_000), price: usd(57_810) });
    const changed: BookingEvent = {
      type: 'HoldPriceChanged',
      data: { providerTotal: usd(47_000), price: usd(57_810), at: LATER },
    };
    given(paying()).when(change).then([changed]);
    given([...paying(), changed])
      .when(change)
      .then([]);
    const voided: BookingEvent = {
      type: 'PaymentVoided',
      data: { paymentId: 'pi_h', reason: 'price changed', at: LATER },
    };
    given([...paying(), changed])
      .when(cmd('RecordPaymentVoid', { paymentId: 'pi_h', reason: 'price changed' }))
      .then([voided]);
    const state = foldBooking([...paying(), changed, voided]);
    expect(state).toMatchObject({
      phase: 'held',
      payment: { status: 'voided' },
      hold: { price: usd(57_810), priceChanged: true },
    });
    // Paying again: at the new price only.
    given([...paying(), changed, voided])
      .when(cmd('RecordHoldPaymentAuthorization', { paymentId: 'pi_3', amount: usd(55_350), cardLast4: '4242' }))
      .thenRefused('PRICE_CHANGED');
    given([...paying(), changed, voided])
      .when(cmd('RecordHoldPaymentAuthorization', { paymentId: 'pi_3', amount: usd(57_810), cardLast4: '4242' }))
      .then([
        {
          type: 'HoldPaymentAuthorized',
          data: { paymentId: 'pi_3', amount: usd(57_810), cardLast4: '4242', at: LATER },
        },
      ]);
    given([...paying(), holdPaid()])
      .when(change)
      .thenRefused('ALREADY_CONFIRMED');
  });

  it('never voids a card once the airline was paid', () =>
    given([...paying(), holdPaid()])
      .when(cmd('RecordPaymentVoid', { paymentId: 'pi_h', reason: 'x' }))
      .thenRefused('PAYMENT_ALREADY_CAPTURED'));
});

describe('reminders and expiry', () => {
  const remind = (at = LATER) => cmd('RecordHoldReminder', { reminder: '24h' }, at);
  const sent: BookingEvent = { type: 'HoldReminderSent', data: { reminder: '24h', at: LATER } };

  it('records each reminder once, before the deadline, while unpaid', () => {
    given(held()).when(remind()).then([sent]);
    given([...held(), sent])
      .when(remind())
      .then([]);
    given(held()).when(remind(PAST_DEADLINE)).thenRefused('HOLD_EXPIRED');
    given([...paying(), holdPaid()])
      .when(remind())
      .thenRefused('NOT_HELD');
    expect(foldBooking([...held(), sent])).toMatchObject({ hold: { reminders: ['24h'] } });
  });

  it('expires the hold at its deadline, or when the airline released it, never once paid', () => {
    const expire = (at: string, airlineReleased = false) =>
      cmd('ExpireHold', { reason: 'the payment deadline passed', airlineReleased }, at);
    const expired: BookingEvent = {
      type: 'HoldExpired',
      data: { reason: 'the payment deadline passed', at: PAST_DEADLINE },
    };
    given(held()).when(expire(LATER)).thenRefused('NOT_HELD');
    given(held()).when(expire(PAST_DEADLINE)).then([expired]);
    given(held())
      .when(expire(LATER, true))
      .then([{ type: 'HoldExpired', data: { reason: 'the payment deadline passed', at: LATER } }]);
    given([...paying(), holdPaid()])
      .when(expire(PAST_DEADLINE))
      .thenRefused('NOT_HELD');
    const after = [...held(), expired];
    expect(foldBooking(after)).toMatchObject({ phase: 'expired', reason: 'the payment deadline passed' });
    given(after).when(expire(PAST_DEADLINE)).then([]);
    given(after)
      .when(cmd('RecordHoldPaymentAuthorization', { paymentId: 'pi_h', amount: usd(55_350), cardLast4: '4242' }))
      .thenRefused('HOLD_EXPIRED');
  });

  it('leaves confirmed bookings alone', () =>
    given(confirmedBooking())
      .when(cmd('RequestHold', { paymentRequiredBy: PAY_BY, priceGuaranteeExpiresAt: null }))
      .thenRefused('ALREADY_CONFIRMED'));
});
