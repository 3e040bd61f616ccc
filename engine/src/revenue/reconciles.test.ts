import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { cancellationQuoteSchema } from '@contrail/shared/booking/refund';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBooking } from '../bookings/booking-stream.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  type BookingHarness,
} from '../bookings/test-support/booking-harness.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import { SqlDuffelSandboxStore, SqlStripeSandboxStore } from '@contrail/sandboxes';
import { StripeBalances, chargeIdOf } from '@contrail/sandboxes/stripe/balance-transactions';
import type { SqlClient } from '../storage/sql.js';
import { untilHeadIsLatest } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { revenueProjection } from './projection.js';
import { RevenueReadModel } from './queries.js';

/** Every event in the store, applied to an empty revenue read model in batches, as a rebuild does. */
async function rebuildRevenue(harness: BookingHarness, sql: SqlClient): Promise<void> {
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
  let sql: SqlClient;
  let harness: BookingHarness;

  beforeAll(async () => {
    sql = await backend.open();
    harness = await bookingHarness(sql);
  }, scaled(120_000));
  afterAll(async () => {
    await harness?.close();
    await sql?.close();
  });

  async function refundableOffer(daysAhead: number, cabin: string): Promise<FlightOffer> {
    const date = new Date(harness.clock.now().getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: cabin,
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const offer = found.find((one) => !isInternationalOffer(one) && one.conditions.refund_before_departure?.allowed);
    expect(offer, `a refundable ${cabin} offer ${daysAhead} days ahead`).toBeDefined();
    return offer!;
  }

  async function book(offer: FlightOffer, key: string) {
    const payment = await authorize(harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const owner = harness.agent();
    const booked = await owner
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, `${key}@example.com`));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return { owner, id: booked.body.id as string };
  }

  it(
    'books three, cancels two, and every total matches the sandboxes’ orders, charges, refunds and fees to the cent',
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

      // The providers' own records of these bookings.
      const duffel = new SqlDuffelSandboxStore(sql);
      const stripe = new SqlStripeSandboxStore(sql);
      const balances = new StripeBalances(stripe);
      const expected = {
        bookings: 0,
        gross: 0,
        cost: 0,
        fees: 0,
        refunds: 0,
        providerRefunds: 0,
        kept: 0,
        cancellations: 0,
      };
      for (const { id } of booked) {
        const { state, history } = await loadBooking(harness.deps.eventStore, id);
        const order = await harness.deps.flights!.getOrder(state.order!.orderId);
        const intent = (await stripe.getPaymentIntent(state.payment!.paymentId))!;
        const charge = await balances.retrieveCharge(chargeIdOf(intent.id), ['balance_transaction']);
        const chargeTxn = charge.balance_transaction as { fee: number; amount: number };
        expected.bookings += 1;
        expected.gross += chargeTxn.amount;
        expected.cost += toMinorUnits(order.total_amount, order.total_currency);
        expected.fees += chargeTxn.fee;
        const refunds = await stripe.refundsOf(intent.id);
        for (const refund of refunds) {
          const txn = await balances.retrieveBalanceTransaction(refund.balance_transaction!);
          expected.refunds += -txn.amount;
          expected.fees += txn.fee;
        }
        const cancelledOrder = history.find(({ event }) => event.type === 'OrderCancelled')?.event;
        if (cancelledOrder?.type === 'OrderCancelled') {
          const cancellation = (await duffel.getCancellation(cancelledOrder.data.cancellationId))!;
          expect(cancellation.confirmed_at).not.toBeNull();
          expected.providerRefunds += toMinorUnits(cancellation.refund_amount ?? '0', order.total_currency);
          expected.cancellations += 1;
          expected.kept += chargeTxn.amount - refunds.reduce((sum, refund) => sum + refund.amount, 0);
        }
      }
      // Every figure is there to be checked: none of them is zero by accident.
      for (const figure of ['gross', 'cost', 'fees', 'refunds', 'providerRefunds', 'kept'] as const)
        expect(expected[figure], figure).toBeGreaterThan(0);
      expect(expected.cancellations).toBe(2);

      await rebuildRevenue(harness, sql);
      const today = harness.clock.now().toISOString().slice(0, 10);
      const days = await new RevenueReadModel(sql).days('2020-01-01', '2100-01-01', { all: true });
      expect(days.map((day) => [day.brandKey, day.day, day.currency])).toEqual([['default', today, 'USD']]);
      const figures = days[0]!.figures;
      expect(figures).toEqual({
        bookings: expected.bookings,
        travellers: 3,
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
