import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import type { TestDatabase } from '../test-support/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { duffelSandboxRouter } from './router.js';
import { DuffelSandbox } from './sandbox.js';
import { SqlDuffelSandboxStore } from './sql-store.js';

const HEADERS = { Authorization: 'Bearer duffel_test_sandbox', 'Duffel-Version': 'v2' };

describe('the Duffel sandbox over HTTP, on bad request bodies', () => {
  let sql: TestDatabase;
  let sandbox: DuffelSandbox;
  const app = express();
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    sandbox = new DuffelSandbox(new ManualClock('2026-11-22T12:00:00Z'), new SqlDuffelSandboxStore(sql));
    app.use('/sandbox/duffel', duffelSandboxRouter(sandbox));
  });
  afterAll(() => sql.close());

  function orderBody(givenName: string) {
    const search = sandbox.createOfferRequest(
      {
        data: {
          slices: [{ origin: 'DEL', destination: 'BOM', departure_date: '2026-12-20' }],
          passengers: [{ type: 'adult' }],
        },
      },
      true,
    );
    const offer = search.offers[0]!;
    return {
      data: {
        type: 'instant',
        selected_offers: [offer.id],
        payments: [{ type: 'balance', currency: offer.total_currency, amount: offer.total_amount }],
        passengers: [
          {
            id: search.passengers[0]!.id,
            title: 'mr',
            gender: 'm',
            given_name: givenName,
            family_name: 'Kumar',
            born_on: '1985-02-03',
            email: 'ravi@example.com',
            phone_number: '+919812345678',
          },
        ],
      },
    };
  }

  const post = (path: string) => request(app).post(`/sandbox/duffel${path}`).set(HEADERS);

  it('answers 413 in its error shape for a JSON body over 1 MB', async () => {
    const answer = await post('/air/orders')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ data: { filler: 'a'.repeat(1_100_000) } }));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      meta: { status: 413 },
      errors: [{ type: 'invalid_request_error', code: 'request_too_large' }],
    });
  });

  it('answers 400 naming the field for NUL bytes in a body, a query or a path, and stores nothing', async () => {
    const orders = await post('/air/orders').send(orderBody('Ra\u0000vi'));
    expect(orders.status).toBe(400);
    expect(orders.body).toMatchObject({
      meta: { status: 400 },
      errors: [
        {
          type: 'invalid_request_error',
          code: 'invalid_characters',
          source: { field: 'data.passengers.0.given_name' },
        },
      ],
    });
    const cancellation = await post('/air/order_cancellations').send({ data: { order_id: 'ord_\u0000' } });
    expect(cancellation.status).toBe(400);
    const byId = await request(app).get('/sandbox/duffel/air/orders/ord_%00').set(HEADERS);
    expect(byId.status).toBe(400);
    expect(byId.body.errors[0].code).toBe('invalid_characters');
    const seatMaps = await request(app).get('/sandbox/duffel/air/seat_maps?offer_id=off_%00').set(HEADERS);
    expect(seatMaps.status).toBe(400);
    expect(seatMaps.body.errors[0].source.field).toBe('offer_id');
    const listed = await request(app).get('/sandbox/duffel/air/orders?limit=5').set(HEADERS).expect(200);
    expect(listed.body.data).toEqual([]);
  });
});
