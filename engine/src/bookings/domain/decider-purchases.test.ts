import { describe, expect, it } from 'vitest';
import type { BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import { ARRIVES, cmd, confirmedBooking, DEPARTS, ev, given, LATER, usd } from '../test-support/decider-spec.js';

const NEW_DEPARTS = '2026-12-24T18:05:00.000Z';
const NEW_ARRIVES = '2026-12-25T06:00:00.000Z';

const changeData = {
  purchaseId: 'oce_1',
  changeOfferId: 'oco_1',
  fareDifference: usd(4_000),
  penalty: usd(7_500),
  amount: usd(11_500),
  removedSliceIds: ['sli_1'],
  slices: [],
  departsAt: NEW_DEPARTS,
  arrivesAt: NEW_ARRIVES,
};
const bag = {
  serviceId: 'ase_1',
  kind: 'checked' as const,
  passengerIds: ['pas_1'],
  segmentIds: ['seg_1'],
  quantity: 1,
  price: usd(4_500),
};
const extrasData = { purchaseId: 'xtr_1', bags: [bag], amount: usd(4_500), knownServiceIds: [] };
const requested: BookingEvent = { type: 'OrderChangeRequested', data: { ...changeData, at: LATER } };
const authorized: BookingEvent = {
  type: 'PurchasePaymentAuthorized',
  data: { purchaseId: 'oce_1', paymentId: 'pi_2', amount: usd(11_500), cardLast4: '4242', at: LATER },
};
const confirmed: BookingEvent = {
  type: 'PurchaseConfirmed',
  data: {
    purchaseId: 'oce_1',
    serviceIds: [],
    kind: 'change',
    amount: usd(11_500),
    change: { slices: [], departsAt: NEW_DEPARTS, arrivesAt: NEW_ARRIVES },
    bags: [],
    at: LATER,
  },
};
const captured: BookingEvent = {
  type: 'PurchasePaymentCaptured',
  data: { purchaseId: 'oce_1', paymentId: 'pi_2', amount: usd(11_500), fee: null, at: LATER },
};

describe('a change of date after booking', () => {
  it('is requested on a confirmed booking before departure, at fare difference plus penalty', () => {
    given(confirmedBooking()).when(cmd('RequestOrderChange', changeData)).then([requested]);
    given(confirmedBooking())
      .when(cmd('RequestOrderChange', { ...changeData, amount: usd(4_000) }))
      .thenRefused('INVALID_AMOUNT');
    given(confirmedBooking())
      .when(cmd('RequestOrderChange', changeData, DEPARTS))
      .thenRefused('ALREADY_DEPARTED');
  });

  it('is refused before confirmation and after cancellation', () => {
    given(confirmedBooking().slice(0, 3)).when(cmd('RequestOrderChange', changeData)).thenRefused('NOT_CONFIRMED');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled(0), ev.cancelled()])
      .when(cmd('RequestOrderChange', changeData))
      .thenRefused('ALREADY_CANCELLED');
  });

  it('goes one at a time, and the same request twice records it once', () => {
    given([...confirmedBooking(), requested])
      .when(cmd('RequestOrderChange', changeData))
      .then([]);
    given([...confirmedBooking(), requested])
      .when(cmd('RequestExtras', extrasData))
      .thenRefused('PURCHASE_IN_PROGRESS');
  });

  it('is paid: authorized for the amount shown, confirmed at the airline, then captured', () => {
    given([...confirmedBooking(), requested])
      .when(
        cmd('RecordPurchaseAuthorization', {
          purchaseId: 'oce_1',
          paymentId: 'pi_2',
          amount: usd(9_999),
          cardLast4: '4242',
        }),
      )
      .thenRefused('PAYMENT_MISMATCH');
    given([...confirmedBooking(), requested])
      .when(cmd('RecordPurchaseConfirmed', { purchaseId: 'oce_1', serviceIds: [] }))
      .thenRefused('PAYMENT_NOT_AUTHORIZED');
    given([...confirmedBooking(), requested, authorized])
      .when(cmd('RecordPurchaseConfirmed', { purchaseId: 'oce_1', serviceIds: [] }))
      .then([confirmed]);
    given([...confirmedBooking(), requested, authorized])
      .when(cmd('RecordPurchaseCapture', { purchaseId: 'oce_1', paymentId: 'pi_2', amount: usd(11_500), fee: null }))
      .thenRefused('NOT_CONFIRMED');
    given([...confirmedBooking(), requested, authorized, confirmed])
      .when(cmd('RecordPurchaseCapture', { purchaseId: 'oce_1', paymentId: 'pi_2', amount: usd(11_500), fee: null }))
      .then([captured]);
  });

  it('moves the trip to the new flights once the airline confirms, and settles on capture', () => {
    const before = foldBooking(confirmedBooking());
    expect(before.booking).toMatchObject({ departsAt: DEPARTS, arrivesAt: ARRIVES });
    const after = foldBooking([...confirmedBooking(), requested, authorized, confirmed, captured]);
    expect(after.booking).toMatchObject({ departsAt: NEW_DEPARTS, arrivesAt: NEW_ARRIVES });
    expect(after.phase === 'confirmed' && after.purchase).toBeNull();
    expect(after.phase === 'confirmed' && after.purchases).toEqual([
      { purchaseId: 'oce_1', kind: 'change', amount: usd(11_500), paymentId: 'pi_2', serviceIds: [], at: LATER },
    ]);
    given([...confirmedBooking(), requested, authorized, confirmed, captured])
      .when(cmd('RecordPurchaseCapture', { purchaseId: 'oce_1', paymentId: 'pi_2', amount: usd(11_500), fee: null }))
      .then([]);
  });

  it('fails, voided, only before the airline confirmed; a failed change leaves the trip as it was', () => {
    const failure = { purchaseId: 'oce_1', reason: 'declined', code: 'card_declined', voidedPaymentId: null };
    given([...confirmedBooking(), requested])
      .when(cmd('RecordPurchaseFailure', failure))
      .then([{ type: 'PurchaseFailed', data: { ...failure, at: LATER } }]);
    given([...confirmedBooking(), requested, authorized, confirmed])
      .when(cmd('RecordPurchaseFailure', failure))
      .thenRefused('ALREADY_CONFIRMED');
    const after = foldBooking([
      ...confirmedBooking(),
      requested,
      { type: 'PurchaseFailed', data: { ...failure, at: LATER } },
    ]);
    expect(after.booking).toMatchObject({ departsAt: DEPARTS });
    given(confirmedBooking()).when(cmd('RecordPurchaseFailure', failure)).thenRefused('NO_PURCHASE');
  });

  it('changes nothing when a failure is reported again (a job run twice, a request racing it), and still refuses other reports', () => {
    const failure = {
      purchaseId: 'oce_1',
      reason: 'abandoned',
      code: 'authentication_abandoned',
      voidedPaymentId: null,
    };
    const failed = [
      ...confirmedBooking(),
      requested,
      { type: 'PurchaseFailed' as const, data: { ...failure, at: LATER } },
    ];
    given(failed).when(cmd('RecordPurchaseFailure', failure)).then([]);
    given(failed)
      .when(
        cmd('RecordPurchaseAuthorization', {
          purchaseId: 'oce_1',
          paymentId: 'pi_2',
          amount: usd(11_500),
          cardLast4: '4242',
        }),
      )
      .thenRefused('NO_PURCHASE');
  });
});

describe('a purchase whose airline answer is unknown (lost, and the lookup failed)', () => {
  const unknown = { purchaseId: 'oce_1', reason: 'the airline did not answer' };
  const recorded: BookingEvent = { type: 'PurchaseOutcomeUnknown', data: { ...unknown, at: LATER } };

  it('is recorded once its card is authorized, once only, and the purchase stays open', () => {
    given([...confirmedBooking(), requested, authorized])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .then([recorded]);
    given([...confirmedBooking(), requested, authorized, recorded])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .then([]);
    const after = foldBooking([...confirmedBooking(), requested, authorized, recorded]);
    expect(after.phase === 'confirmed' && after.purchase).toMatchObject({
      purchaseId: 'oce_1',
      status: 'authorized',
      outcomeUnknown: true,
    });
  });

  it('is refused before the card is authorized, and changes nothing once confirmed or settled', () => {
    given([...confirmedBooking(), requested])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .thenRefused('PAYMENT_NOT_AUTHORIZED');
    given([...confirmedBooking(), requested, authorized, confirmed])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .then([]);
    given([...confirmedBooking(), requested, authorized, confirmed, captured])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .then([]);
    given(confirmedBooking()).when(cmd('RecordPurchaseOutcomeUnknown', unknown)).thenRefused('NO_PURCHASE');
  });

  it('is then confirmed and captured, or failed with its authorization voided', () => {
    given([...confirmedBooking(), requested, authorized, recorded])
      .when(cmd('RecordPurchaseConfirmed', { purchaseId: 'oce_1', serviceIds: [], repair: 'found by a lookup' }))
      .then([{ ...confirmed, data: { ...confirmed.data, repair: 'found by a lookup' } } as BookingEvent]);
    const failure = { purchaseId: 'oce_1', reason: 'not at the airline', code: null, voidedPaymentId: 'pi_2' };
    given([...confirmedBooking(), requested, authorized, recorded])
      .when(cmd('RecordPurchaseFailure', failure))
      .then([{ type: 'PurchaseFailed', data: { ...failure, at: LATER } }]);
    const settled = foldBooking([...confirmedBooking(), requested, authorized, recorded, confirmed, captured]);
    expect(settled.phase === 'confirmed' && settled.purchase).toBeNull();
  });

  it('is recorded for a change that costs nothing (no card to authorize)', () => {
    const free: BookingEvent = {
      type: 'OrderChangeRequested',
      data: { ...changeData, fareDifference: usd(0), penalty: usd(0), amount: usd(0), at: LATER },
    };
    given([...confirmedBooking(), free])
      .when(cmd('RecordPurchaseOutcomeUnknown', unknown))
      .then([recorded]);
  });
});

describe('bags added after booking', () => {
  it('are requested at the sum of their prices and settled once paid', () => {
    given(confirmedBooking())
      .when(cmd('RequestExtras', extrasData))
      .then([{ type: 'ExtrasRequested', data: { ...extrasData, at: LATER } }]);
    given(confirmedBooking())
      .when(cmd('RequestExtras', { ...extrasData, amount: usd(1) }))
      .thenRefused('INVALID_AMOUNT');
    given(confirmedBooking())
      .when(cmd('RequestExtras', { ...extrasData, bags: [], amount: usd(0) }))
      .thenRefused('INVALID_BAGS');
    const events: BookingEvent[] = [
      ...confirmedBooking(),
      { type: 'ExtrasRequested', data: { ...extrasData, at: LATER } },
      {
        type: 'PurchasePaymentAuthorized',
        data: { purchaseId: 'xtr_1', paymentId: 'pi_3', amount: usd(4_500), cardLast4: '4242', at: LATER },
      },
      {
        type: 'PurchaseConfirmed',
        data: {
          purchaseId: 'xtr_1',
          serviceIds: ['ser_1'],
          kind: 'extras',
          amount: usd(4_500),
          change: null,
          bags: [bag],
          at: LATER,
        },
      },
      {
        type: 'PurchasePaymentCaptured',
        data: { purchaseId: 'xtr_1', paymentId: 'pi_3', amount: usd(4_500), fee: null, at: LATER },
      },
    ];
    const after = foldBooking(events);
    expect(after.phase === 'confirmed' && after.purchases?.[0]).toMatchObject({
      kind: 'extras',
      serviceIds: ['ser_1'],
    });
  });
});

describe('seats added after booking', () => {
  const seat = { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A', serviceId: 'ase_9', price: usd(1_500) };
  const seatsData = { purchaseId: 'xtr_2', bags: [], seats: [seat], amount: usd(1_500), knownServiceIds: [] };

  it('are requested at the sum of their prices, alone or with bags', () => {
    given(confirmedBooking())
      .when(cmd('RequestExtras', seatsData))
      .then([{ type: 'ExtrasRequested', data: { ...seatsData, at: LATER } }]);
    const both = { ...seatsData, bags: [bag], amount: usd(6_000) };
    given(confirmedBooking())
      .when(cmd('RequestExtras', both))
      .then([{ type: 'ExtrasRequested', data: { ...both, at: LATER } }]);
    given(confirmedBooking())
      .when(cmd('RequestExtras', { ...seatsData, amount: usd(1_000) }))
      .thenRefused('INVALID_AMOUNT');
    given(confirmedBooking())
      .when(cmd('RequestExtras', { ...seatsData, seats: [{ ...seat, price: { amount: 1_500, currency: 'EUR' } }] }))
      .thenRefused('INVALID_AMOUNT');
  });

  it('are one per passenger and flight, and one passenger per seat', () => {
    const twice = { ...seatsData, seats: [seat, { ...seat, designator: '12B' }], amount: usd(3_000) };
    given(confirmedBooking()).when(cmd('RequestExtras', twice)).thenRefused('INVALID_SEATS');
    const shared = { ...seatsData, seats: [seat, { ...seat, passengerId: 'pas_2' }], amount: usd(3_000) };
    given(confirmedBooking()).when(cmd('RequestExtras', shared)).thenRefused('INVALID_SEATS');
  });

  it('are confirmed with the seats bought, once paid', () => {
    const requested: BookingEvent = { type: 'ExtrasRequested', data: { ...seatsData, at: LATER } };
    const authorized: BookingEvent = {
      type: 'PurchasePaymentAuthorized',
      data: { purchaseId: 'xtr_2', paymentId: 'pi_4', amount: usd(1_500), cardLast4: '4242', at: LATER },
    };
    given([...confirmedBooking(), requested, authorized])
      .when(cmd('RecordPurchaseConfirmed', { purchaseId: 'xtr_2', serviceIds: ['ser_9'] }))
      .then([
        {
          type: 'PurchaseConfirmed',
          data: {
            purchaseId: 'xtr_2',
            serviceIds: ['ser_9'],
            kind: 'extras',
            amount: usd(1_500),
            change: null,
            bags: [],
            seats: [seat],
            at: LATER,
          },
        },
      ]);
  });
});

describe("a purchase's bank check (3-D Secure)", () => {
  const check = { purchaseId: 'oce_1', paymentId: 'pi_3ds' };
  const checked: BookingEvent = { type: 'PurchaseAuthenticationRequested', data: { ...check, at: LATER } };
  const abandoned = {
    purchaseId: 'oce_1',
    reason: 'the bank check was not finished within 30 minutes',
    code: 'authentication_abandoned',
    voidedPaymentId: null,
  };

  it('is recorded once per payment, only while nothing is authorized', () => {
    given([...confirmedBooking(), requested])
      .when(cmd('RecordPurchaseAuthenticationRequest', check))
      .then([checked]);
    given([...confirmedBooking(), requested, checked])
      .when(cmd('RecordPurchaseAuthenticationRequest', check))
      .then([]);
    given([...confirmedBooking(), requested, authorized])
      .when(cmd('RecordPurchaseAuthenticationRequest', check))
      .thenRefused('PAYMENT_ALREADY_AUTHORIZED');
    const state = foldBooking([...confirmedBooking(), requested, checked]);
    expect(state.phase === 'confirmed' && state.purchase).toMatchObject({
      status: 'requested',
      bankChecks: ['pi_3ds'],
    });
  });

  it('is given up while still awaited; once the traveller came back with an authorization, giving up changes nothing', () => {
    given([...confirmedBooking(), requested, checked])
      .when(cmd('RecordPurchaseFailure', abandoned))
      .then([{ type: 'PurchaseFailed', data: { ...abandoned, at: LATER } }]);
    given([...confirmedBooking(), requested, checked, authorized])
      .when(cmd('RecordPurchaseFailure', abandoned))
      .then([]);
    // Another failure of an authorized purchase (the airline said no) is still recorded.
    const refused = { ...abandoned, code: 'not_at_airline', voidedPaymentId: 'pi_2' };
    given([...confirmedBooking(), requested, checked, authorized])
      .when(cmd('RecordPurchaseFailure', refused))
      .then([{ type: 'PurchaseFailed', data: { ...refused, at: LATER } }]);
  });
});
