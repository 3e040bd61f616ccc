import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import type { TestDatabase } from '../test-support/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { DuffelApiError } from './errors.js';
import { DuffelSandbox } from './sandbox.js';
import { SqlDuffelSandboxStore } from './sql-store.js';

describe.each(sqlBackends())('the Duffel sandbox on $name', (backend) => {
  let sql: TestDatabase;
  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(() => sql.close());

  it('books an offer once across engine processes sharing the database, and cancels from any of them', async () => {
    const clock = new ManualClock('2026-11-22T12:00:00Z');
    const first = new DuffelSandbox(clock, new SqlDuffelSandboxStore(sql));
    const second = new DuffelSandbox(clock, new SqlDuffelSandboxStore(sql));
    const request = first.createOfferRequest(
      {
        data: {
          slices: [{ origin: 'DEL', destination: 'BOM', departure_date: '2026-12-20' }],
          passengers: [{ type: 'adult' }],
        },
      },
      true,
    );
    const offer = request.offers[0]!;
    const order = {
      data: {
        type: 'instant',
        selected_offers: [offer.id],
        payments: [{ type: 'balance', currency: offer.total_currency, amount: offer.total_amount }],
        passengers: [
          {
            id: request.passengers[0]!.id,
            title: 'mr',
            gender: 'm',
            given_name: 'Ravi',
            family_name: 'Kumar',
            born_on: '1985-02-03',
            email: 'ravi@example.com',
            phone_number: '+919812345678',
          },
        ],
      },
    };
    const booked = await first.createOrder(order);
    await expect(second.createOrder(order)).rejects.toMatchObject({ code: 'offer_no_longer_available' });
    await expect(second.createOrder(order)).rejects.toBeInstanceOf(DuffelApiError);
    expect((await second.getOrder(booked.id)).booking_reference).toBe(booked.booking_reference);
    expect((await second.listOrders({ limit: 10 })).data.map((o) => o.id)).toEqual([booked.id]);

    const quote = await second.createCancellation({ data: { order_id: booked.id } });
    const confirmed = await first.confirmCancellation(quote.id);
    expect((await second.getOrder(booked.id)).cancelled_at).toBe(confirmed.confirmed_at);
    await expect(second.createCancellation({ data: { order_id: booked.id } })).rejects.toMatchObject({
      code: 'order_already_cancelled',
    });
    const cancellations = await first.listCancellations({ limit: 10, orderId: booked.id });
    expect(cancellations.data.map((cancellation) => cancellation.id)).toEqual([quote.id]);
  });
});
