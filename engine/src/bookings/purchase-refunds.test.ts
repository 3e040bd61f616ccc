import type { FlightOffer } from '@contrail/shared';
import { changeOfferViewSchema, extraOptionSchema } from '@contrail/shared/booking/after-sale';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { decimalAmount, toMinorUnits } from '@contrail/shared/booking/money';
import { cancellationQuoteSchema } from '@contrail/shared/booking/refund';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqlBackends } from '../test-support/sql.js';
import { loadBooking } from './booking-stream.js';
import { bookingStreamName, type BookingEventOf } from './domain/events.js';
import { runScheduleChanges } from './schedule-changes/test-support/run-schedule-changes.js';
import { dateIn, shownPrice, TEST_CARD, type BookingHarness, bookAsTraveller } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';

type Agent = ReturnType<BookingHarness['agent']>;
type Issued = BookingEventOf<'RefundIssued'>['data'];

/**
 * Issue 36: cancelling a booking refunds every captured payment of it (the booking's own and each
 * change or extras paid after booking), each by the rules, to the cent, as the Stripe sandbox holds them.
 */
describe.each(sqlBackends())('refunds of changes and extras paid after booking on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  runScheduleChanges(harness);

  /** A domestic offer `days` ahead that the fare lets be changed, and refunded less a penalty (or not at all). */
  async function offerOn(days: number, refundable: boolean): Promise<FlightOffer> {
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: dateIn(harness, days),
      cabinClass: refundable ? 'business' : 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const offer = found.find((one) => {
      const refund = one.conditions.refund_before_departure;
      const fits = refundable ? refund?.allowed && Number(refund.penalty_amount) > 0 : !refund?.allowed;
      return !isInternationalOffer(one) && fits && one.conditions.change_before_departure?.allowed;
    });
    expect(
      offer,
      `a changeable ${refundable ? 'refundable' : 'non-refundable'} offer ${days} days ahead`,
    ).toBeDefined();
    return offer!;
  }

  const book = (offer: FlightOffer, key: string) => bookAsTraveller(harness, offer, key);

  /** Adds the first bag offered; its price and the payment that paid it. */
  async function addBag(owner: Agent, id: string) {
    const options = z.array(extraOptionSchema).parse((await owner.get(`/api/bookings/${id}/extras`).expect(200)).body);
    const bag = options[0]!;
    const paid = await owner.post(`/api/bookings/${id}/extras`).send({
      bags: [{ serviceId: bag.serviceId, quantity: 1 }],
      amount: bag.price,
      currency: bag.currency,
      cardDetails: TEST_CARD,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return {
      amount: toMinorUnits(bag.price, bag.currency),
      paymentId: await paymentOf(id, paid.body.purchase.purchaseId),
    };
  }

  /** Changes the first slice to `days` ahead with the first change offer: its amounts and payment. */
  async function changeDate(owner: Agent, id: string, days: number) {
    const search = { slices: [{ sliceIndex: 0, departureDate: dateIn(harness, days) }] };
    const found = await owner.post(`/api/bookings/${id}/changes/search`).send(search);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const chosen = z.array(changeOfferViewSchema).parse(found.body)[0]!;
    const paid = await owner.post(`/api/bookings/${id}/changes`).send({
      changeOfferId: chosen.id,
      amount: chosen.amount,
      currency: chosen.currency,
      cardDetails: TEST_CARD,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const cents = (value: string) => toMinorUnits(value, chosen.currency);
    return {
      amount: cents(chosen.amount),
      fareDifference: cents(chosen.fareDifference),
      paymentId: await paymentOf(id, paid.body.purchase.purchaseId),
    };
  }

  async function paymentOf(bookingId: string, purchaseId: string): Promise<string> {
    const { state } = await loadBooking(harness.deps.eventStore, bookingId);
    const settled =
      state.phase === 'confirmed' ? state.purchases?.find((one) => one.purchaseId === purchaseId) : undefined;
    expect(settled?.paymentId, 'the purchase was paid by card').toBeTruthy();
    return settled!.paymentId!;
  }

  /** What the Stripe sandbox refunded of a payment: each refund's amount. */
  const refundsAtStripe = async (paymentId: string) =>
    (await harness.booking.payments.refundsOf(paymentId)).map((refund) => refund.amount.amount);

  /** The RefundIssued events of a booking, as [paymentId, amount]. */
  async function refundEvents(bookingId: string) {
    const events = await harness.deps.eventStore.readStream(bookingStreamName(bookingId));
    return events.flatMap((event) =>
      event.type === 'RefundIssued' ? [[(event.data as Issued).paymentId, (event.data as Issued).amount.amount]] : [],
    );
  }

  it(
    'after a bag and a change of date, quotes and refunds every payment by the rules, each once, to the cent',
    async () => {
      const offer = await offerOn(60, true);
      const { owner, id, paymentId } = await book(offer, 'refund-all-1');
      const bag = await addBag(owner, id);
      const change = await changeDate(owner, id, 64);

      const cents = (value: string) => toMinorUnits(value, offer.total_currency);
      const price = toMinorUnits(shownPrice(offer).amount, offer.total_currency);
      const supplied = cents(offer.total_amount);
      const penalty = cents(offer.conditions.refund_before_departure!.penalty_amount!);
      // The airline gives back its order's total (the fare, the bag, the fare difference) less the
      // fare's penalty; the default brand keeps its markup; the change's penalty stays with the airline.
      const refund = supplied + bag.amount + change.fareDifference - penalty;

      const answer = await owner.post(`/api/bookings/${id}/cancellation-quote`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const quote = cancellationQuoteSchema.parse(answer.body);
      expect(cents(quote.paid)).toBe(price + bag.amount + change.amount);
      expect(cents(quote.refund)).toBe(refund);
      const decimal = (minor: number) => decimalAmount(minor, offer.total_currency);
      // Each card payment and what of it comes back, as the traveller is shown before confirming.
      expect(quote.payments).toEqual([
        { label: 'Your booking', paid: decimal(price), refund: decimal(refund - bag.amount - change.amount) },
        { label: 'Extras added after booking', paid: decimal(bag.amount), refund: decimal(bag.amount) },
        { label: 'Change of flights', paid: decimal(change.amount), refund: decimal(change.amount) },
      ]);
      expect(quote.kept.map((fee) => [fee.kind, cents(fee.amount)])).toEqual([
        ['airline_fee', penalty + change.amount - change.fareDifference],
        ['service_fee', price - supplied],
      ]);

      const cancelled = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: quote.quoteId });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.refund).toEqual({ amount: quote.refund, currency: quote.currency });

      // What was bought after booking comes back whole; the booking's payment gives the rest.
      expect(await refundsAtStripe(change.paymentId)).toEqual([change.amount]);
      expect(await refundsAtStripe(bag.paymentId)).toEqual([bag.amount]);
      expect(await refundsAtStripe(paymentId)).toEqual([refund - bag.amount - change.amount]);
      // One event per refund, in the order the payments were made.
      expect(await refundEvents(id)).toEqual([
        [paymentId, refund - bag.amount - change.amount],
        [bag.paymentId, bag.amount],
        [change.paymentId, change.amount],
      ]);
      const shown = (await owner.get(`/api/bookings/${id}`).expect(200)).body;
      expect(shown.status).toBe('cancelled');
      expect(shown.bookingData.refund).toMatchObject({ amount: quote.refund, status: 'issued' });
    },
    scaled(180_000),
  );

  it(
    'finds a refund made but not recorded by its key instead of refunding twice, and retries a failed one',
    async () => {
      const offer = await offerOn(70, true);
      const { owner, id, paymentId } = await book(offer, 'refund-all-2');
      const bag = await addBag(owner, id);
      // The bag's refund went through at Stripe but its answer never came back (its key long expired).
      const lost = await harness.booking.payments.refund(bag.paymentId, {
        idempotencyKey: `lost-${id}`,
        amount: bag.amount,
        metadata: { bookingId: id, refundKey: `refund-${id}-${bag.paymentId}` },
      });
      // And Stripe fails the next refund once: the job tries again.
      harness.stripeFaults.failNext({ method: 'POST', path: '/v1/refunds', status: 500 });

      const quote = cancellationQuoteSchema.parse((await owner.post(`/api/bookings/${id}/cancellation-quote`)).body);
      const cancelled = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: quote.quoteId });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const refund = toMinorUnits(quote.refund, quote.currency);

      expect(await refundsAtStripe(bag.paymentId)).toEqual([bag.amount]);
      expect(await refundsAtStripe(paymentId)).toEqual([refund - bag.amount]);
      const events = await harness.deps.eventStore.readStream(bookingStreamName(id));
      const issued = events.flatMap((event) => (event.type === 'RefundIssued' ? [event.data as Issued] : []));
      expect(issued.map((one) => [one.paymentId, one.amount.amount])).toEqual([
        [paymentId, refund - bag.amount],
        [bag.paymentId, bag.amount],
      ]);
      expect(issued[1]!.refundId).toBe(lost.refundId);
    },
    scaled(180_000),
  );

  it(
    'declining the airline’s schedule change refunds the bag bought after booking too, in full',
    async () => {
      const offer = await offerOn(80, false);
      const { owner, id, paymentId } = await book(offer, 'refund-all-3');
      const bag = await addBag(owner, id);
      const { state } = await loadBooking(harness.deps.eventStore, id);
      const { change } = await harness.deps.duffelSandbox.airlineChanges.simulate(state.order!.orderId, {
        minutes: 120,
        deliveries: 1,
      });
      const cancelled = await owner.post(`/api/bookings/${id}/schedule-changes/${change.id}/cancel`);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const paid = state.payment!.amount.amount;
      const { currency } = state.payment!.amount;
      expect(cancelled.body.refund).toEqual({ amount: decimalAmount(paid + bag.amount, currency), currency });
      expect(await refundsAtStripe(paymentId)).toEqual([paid]);
      expect(await refundsAtStripe(bag.paymentId)).toEqual([bag.amount]);
    },
    scaled(180_000),
  );
});
