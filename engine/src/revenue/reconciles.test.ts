import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { changeOfferViewSchema, extraOptionSchema } from '@contrail/shared/booking/after-sale';
import { isHoldable } from '@contrail/shared/booking/hold';
import { cancellationQuoteSchema } from '@contrail/shared/booking/refund';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { loadBooking } from '../bookings/booking-stream.js';
import {
  dateIn,
  searchOffers,
  TEST_CARD,
  traveller,
  type BookingHarness,
  bookAsTraveller,
} from '../bookings/test-support/booking-harness.js';
import { harnessPerBackend } from '../bookings/test-support/harness-per-backend.js';
import { z } from 'zod';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import { SqlDuffelSandboxStore, SqlStripeSandboxStore } from '@contrail/sandboxes';
import { StripeBalances, chargeIdOf } from '@contrail/sandboxes/stripe/balance-transactions';
import { eventually, untilHeadIsLatest } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { revenueProjection } from './projection.js';
import { RevenueReadModel } from './queries.js';

/** Every event in the store, applied to an empty revenue read model in batches, as a rebuild does. */
async function rebuildRevenue(harness: BookingHarness): Promise<void> {
  const sql = harness.booking.sql;
  await untilHeadIsLatest(sql, harness.deps.eventStore);
  await sql.transaction((tx) => revenueProjection.reset(tx));
  const kept = new Map<string, unknown>();
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const page = await harness.deps.eventStore.readAll({ ...(after && { after }), maxCount: 50 });
    if (page.length === 0) return;
    const wanted = page.filter((event) => (revenueProjection.eventTypes ?? []).includes(event.type));
    await sql.transaction((tx) => revenueProjection.applyBatch!(tx, wanted, kept));
    after = page.at(-1)!.position;
  }
}

/**
 * Issue 32: the figures reconcile. Bookings made, cancelled and refunded through the sandboxes;
 * every total of the revenue read model is checked to the cent against what the Duffel sandbox
 * (orders, cancellations) and the Stripe sandbox (charges, refunds, balance transactions) hold.
 */
describe.each(sqlBackends().slice(0, 1))('revenue against the providers’ records on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  async function refundableOffer(daysAhead: number, cabin: string): Promise<FlightOffer> {
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: dateIn(harness, daysAhead),
      cabinClass: cabin,
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const offer = found.find((one) => !isInternationalOffer(one) && one.conditions.refund_before_departure?.allowed);
    expect(offer, `a refundable ${cabin} offer ${daysAhead} days ahead`).toBeDefined();
    return offer!;
  }

  /** A fare whose date can be changed for a penalty, so the airline's charge for a change is more than its fare difference. */
  async function changeableOffer(daysAhead: number): Promise<FlightOffer> {
    const found = await searchOffers(harness, daysAhead);
    const offer = found.find((one) => Number(one.conditions.change_before_departure?.penalty_amount ?? 0) > 0);
    expect(offer, `a fare changeable for a penalty ${daysAhead} days ahead`).toBeDefined();
    return offer!;
  }

  const book = (offer: FlightOffer, key: string) => bookAsTraveller(harness, offer, key);

  /** A trip held, then paid from My Trips: the airline is paid, then the card captured. */
  async function holdThenPay(key: string) {
    const offer = (await searchOffers(harness, 45, { origin: 'JFK', destination: 'EWR' })).find(isHoldable);
    expect(offer, 'a fare the airline holds').toBeDefined();
    const holder = harness.agent();
    const account = { username: key, email: `${key}@example.com`, firstName: 'Hal', lastName: 'Holder' };
    await holder
      .post('/api/auth/register')
      .send({ ...account, password: 'Holder-Password-1' })
      .expect(201);
    await holder.post('/api/auth/login').send({ username: key, password: 'Holder-Password-1' }).expect(200);
    const held = await holder
      .post('/api/bookings/hold')
      .set('Idempotency-Key', key)
      .send({ offerId: offer!.id, passengers: [traveller(`${key}@example.com`)] })
      .expect(202);
    const id = held.body.id as string;
    const view = () => holder.get(`/api/bookings/${id}`).expect(200);
    const hold = (await eventually(view, ({ body }) => body.hold?.state === 'held', scaled(30_000))).body.hold;
    await holder
      .post(`/api/bookings/${id}/pay`)
      .send({ amount: Number(hold.amount), currency: hold.currency, cardDetails: TEST_CARD })
      .expect(202);
    await eventually(view, ({ body }) => body.status === 'confirmed', scaled(30_000));
    return id;
  }

  /** A bag added after booking, then the first flight moved to another date. */
  async function bagThenDateChange(owner: ReturnType<BookingHarness['agent']>, id: string) {
    const options = z.array(extraOptionSchema).parse((await owner.get(`/api/bookings/${id}/extras`).expect(200)).body);
    const bag = options[0];
    expect(bag, 'a bag to add').toBeDefined();
    const bagPaid = await owner.post(`/api/bookings/${id}/extras`).send({
      bags: [{ serviceId: bag!.serviceId, quantity: 1 }],
      amount: bag!.price,
      currency: bag!.currency,
      cardDetails: TEST_CARD,
    });
    expect(bagPaid.status, JSON.stringify(bagPaid.body)).toBe(200);
    const search = { slices: [{ sliceIndex: 0, departureDate: dateIn(harness, 49) }] };
    const found = await owner.post(`/api/bookings/${id}/changes/search`).send(search);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const chosen = z.array(changeOfferViewSchema).parse(found.body)[0];
    expect(chosen, 'a change offer').toBeDefined();
    const changed = await owner.post(`/api/bookings/${id}/changes`).send({
      changeOfferId: chosen!.id,
      amount: chosen!.amount,
      currency: chosen!.currency,
      cardDetails: TEST_CARD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }

  it(
    'books three, cancels two, holds one and pays it later, adds a bag and changes the date of another, and every total matches the sandboxes’ orders, order changes, charges, refunds and fees to the cent',
    async () => {
      const offers = [
        await refundableOffer(40, 'business'),
        await refundableOffer(41, 'business'),
        await refundableOffer(42, 'economy'),
      ];
      const booked = [];
      for (const [index, offer] of offers.entries()) booked.push(await book(offer, `revenue-${index}`));
      for (const { owner, id } of booked.slice(0, 2)) {
        const quote = cancellationQuoteSchema.parse((await owner.post(`/api/bookings/${id}/cancellation-quote`)).body);
        const cancelled = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: quote.quoteId });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      }
      const changing = await book(await changeableOffer(43), 'revenue-changed');
      await bagThenDateChange(changing.owner, changing.id);
      const ids = [...booked.map(({ id }) => id), changing.id, await holdThenPay('revenue-held')];

      // The providers' own records of these bookings.
      const duffel = new SqlDuffelSandboxStore(harness.booking.sql);
      const stripe = new SqlStripeSandboxStore(harness.booking.sql);
      const balances = new StripeBalances(stripe);
      const expected = {
        changes: 0,
        extras: 0,
        bookings: 0,
        gross: 0,
        cost: 0,
        fees: 0,
        refunds: 0,
        providerRefunds: 0,
        kept: 0,
        cancellations: 0,
      };
      /** A payment's charge and refunds as the Stripe sandbox keeps them: what it adds, and what it kept. */
      async function stripeRecords(paymentId: string): Promise<number> {
        const intent = (await stripe.getPaymentIntent(paymentId))!;
        const charge = await balances.retrieveCharge(chargeIdOf(intent.id), ['balance_transaction']);
        const chargeTxn = charge.balance_transaction as { fee: number; amount: number };
        expected.gross += chargeTxn.amount;
        expected.fees += chargeTxn.fee;
        let kept = chargeTxn.amount;
        for (const refund of await stripe.refundsOf(intent.id)) {
          const txn = await balances.retrieveBalanceTransaction(refund.balance_transaction!);
          expected.refunds += -txn.amount;
          expected.fees += txn.fee;
          kept -= refund.amount;
        }
        return kept;
      }
      for (const id of ids) {
        const { state, history } = await loadBooking(harness.deps.eventStore, id);
        if (state.phase === 'none' || !state.payment || !state.order) throw new Error(`${id} was not paid`);
        const order = await harness.deps.flights!.getOrder(state.order.orderId);
        expected.bookings += 1;
        // The order's total counts a change's fare difference and the services added, not its penalty.
        expected.cost += toMinorUnits(order.total_amount, order.total_currency);
        let kept = await stripeRecords(state.payment.paymentId);
        for (const purchase of state.purchases ?? []) {
          if (purchase.paymentId) kept += await stripeRecords(purchase.paymentId);
          if (purchase.kind === 'extras') expected.extras += 1;
          if (purchase.kind !== 'change') continue;
          const stored = await duffel.getRecord<{
            change: { confirmed_at: string | null; penalty_total_amount: string };
          }>('order_change', purchase.purchaseId);
          expect(stored?.change.confirmed_at, 'the airline confirmed the change').toBeTruthy();
          expected.cost += toMinorUnits(stored!.change.penalty_total_amount, order.total_currency);
          expected.changes += 1;
        }
        const cancelledOrder = history.find(({ event }) => event.type === 'OrderCancelled')?.event;
        if (cancelledOrder?.type === 'OrderCancelled') {
          const cancellation = (await duffel.getCancellation(cancelledOrder.data.cancellationId))!;
          expect(cancellation.confirmed_at).not.toBeNull();
          expected.providerRefunds += toMinorUnits(cancellation.refund_amount ?? '0', order.total_currency);
          expected.cancellations += 1;
          expected.kept += kept;
        }
      }
      // Every figure is there to be checked: none of them is zero by accident.
      for (const figure of ['gross', 'cost', 'fees', 'refunds', 'providerRefunds', 'kept'] as const)
        expect(expected[figure], figure).toBeGreaterThan(0);
      expect(expected).toMatchObject({ cancellations: 2, changes: 1, extras: 1, bookings: 5 });

      await rebuildRevenue(harness);
      const today = harness.clock.now().toISOString().slice(0, 10);
      const days = await new RevenueReadModel(harness.booking.sql).days('2020-01-01', '2100-01-01', { all: true });
      expect(days.map((day) => [day.brandKey, day.day, day.currency])).toEqual([['default', today, 'USD']]);
      const figures = days[0]!.figures;
      expect(figures).toEqual({
        bookings: expected.bookings,
        travellers: 5,
        grossSales: expected.gross,
        providerCost: expected.cost,
        markupMargin: expected.gross - expected.cost,
        cardFees: expected.fees,
        refunds: expected.refunds,
        providerRefunds: expected.providerRefunds,
        feesKept: expected.kept,
        cancellations: expected.cancellations,
        netMargin: expected.gross - expected.refunds - expected.cost + expected.providerRefunds - expected.fees,
        incompleteBookings: 0,
      });
    },
    scaled(120_000),
  );
});
