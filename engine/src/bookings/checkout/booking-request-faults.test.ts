import type { FlightOffer } from '@contrail/shared';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import { StepFaults, type Fault } from '../../test-support/step-faults.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  invariantViolations,
  readModelsCaughtUp,
  searchOffers,
  type BookingHarness,
} from '../test-support/booking-harness.js';
import { loadBooking } from '../booking-stream.js';

/**
 * Issue 39: a passing database failure at any step of POST /api/bookings, between the payment
 * claim and the answer, must never leave a traveller told "nothing was charged" while the booking
 * goes on. Each step fails once (before taking effect, or after it with its answer lost); the
 * answer must tell the truth, and repeats of the same Idempotency-Key must resume the same booking
 * to its confirmation. At the end every captured payment belongs to a confirmed booking whose
 * traveller was answered "confirmed".
 */
const STEPS: Array<{ step: string; fault: Fault; claimed: boolean }> = [
  {
    step: 'the payment claim (lost)',
    fault: { target: { event: 'CardPaymentClaimed' }, when: 'after' },
    claimed: true,
  },
  { step: 'the payment claim', fault: { target: { event: 'CardPaymentClaimed' }, when: 'before' }, claimed: true },
  {
    step: "the travellers' data keys",
    fault: { target: { statement: /INSERT INTO pii_data_keys/ }, when: 'after' },
    claimed: true,
  },
  { step: 'the booking record (lost)', fault: { target: { event: 'BookingStarted' }, when: 'after' }, claimed: true },
  { step: 'the booking record', fault: { target: { event: 'BookingStarted' }, when: 'before' }, claimed: true },
  {
    step: "the traveller's contact",
    fault: { target: { statement: /INSERT INTO booking_contacts/ }, when: 'after' },
    claimed: true,
  },
  {
    step: 'the new account',
    fault: { target: { statement: /INSERT INTO users/ }, when: 'after' },
    claimed: true,
  },
  { step: 'the account attached', fault: { target: { event: 'CustomerAttached' }, when: 'after' }, claimed: true },
  {
    step: 'the kept answer',
    fault: { target: { statement: /UPDATE booking_requests SET state = 'done'/ }, when: 'after' },
    claimed: true,
  },
  {
    step: 'the Idempotency-Key claim (lost), before any payment claim',
    fault: { target: { statement: /INSERT INTO booking_requests/ }, when: 'after' },
    claimed: false,
  },
];

for (const backend of sqlBackends()) {
  describe(`a booking request failing at one step, on ${backend.name}`, () => {
    const faults = new StepFaults();
    let sql: SqlClient;
    let harness: BookingHarness;
    let offers: FlightOffer[];
    /** The bookings whose travellers were answered "confirmed" (201). */
    const toldConfirmed = new Set<string>();

    beforeAll(async () => {
      sql = faults.sql(await backend.open());
      const eventStore = faults.eventStore(postgresEventStore(sql, { pollIntervalMs: 10 }));
      harness = await bookingHarness(sql, { orderWaitMs: scaled(20_000), eventStore });
      offers = await searchOffers(harness, 45);
    }, scaled(120_000));
    afterAll(async () => {
      await harness?.close();
      await sql?.close();
    });

    const send = (offer: FlightOffer, paymentId: string, key: string, email: string) =>
      harness
        .api()
        .post('/api/bookings')
        .set('Idempotency-Key', key)
        .send(bookingBody(offer, paymentId, email));

    STEPS.forEach(({ step, fault, claimed }, index) => {
      it(`fails at ${step}: answered truthfully, and the same key resumes the same booking`, async () => {
        const offer = offers[index]!;
        const payment = await authorize(harness, offer);
        expect(payment.status, JSON.stringify(payment.body)).toBe(200);
        const key = `step-fault-${backend.name}-${index}`;
        const email = `step${index}.${backend.name}@example.com`;

        faults.arm(fault);
        const first = await send(offer, payment.body.paymentId, key, email);
        expect(faults.fired, `the fault at ${step} was never reached`).toBe(true);
        if (claimed) {
          expect(first.status, JSON.stringify(first.body)).toBe(202);
          expect(first.body).toMatchObject({ status: 'pending', message: expect.stringMatching(/being confirmed/) });
        } else {
          // "Try again" is the truth here: no booking can be going on.
          expect(first.status, JSON.stringify(first.body)).toBe(503);
          const { booking_id: bookingId } = (
            await sql.query<{ booking_id: string }>(
              'SELECT booking_id FROM booking_requests WHERE idempotency_key = $1',
              [key],
            )
          ).rows[0]!;
          expect((await loadBooking(harness.deps.eventStore, bookingId)).state.phase).toBe('none');
        }

        let answer = await send(offer, payment.body.paymentId, key, email);
        for (let asked = 1; answer.status === 202 && asked < 5; asked += 1)
          answer = await send(offer, payment.body.paymentId, key, email);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.status).toBe('confirmed');
        if (first.body.id) expect(answer.body.id).toBe(first.body.id);
        toldConfirmed.add(answer.body.id);
      });
    });

    it('leaves every captured payment with a confirmed booking whose traveller was told so', async () => {
      await readModelsCaughtUp(harness);
      expect(await invariantViolations(harness)).toEqual([]);
      const { rows } = await sql.query<{ booking_id: string; status: string }>(
        'SELECT booking_id, status FROM booking_views',
      );
      expect(rows.filter((row) => row.status !== 'confirmed')).toEqual([]);
      expect(new Set(rows.map((row) => row.booking_id))).toEqual(toldConfirmed);
    });
  });
}
