import type { FlightOffer, SeatMapView } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { formatPrice } from '@contrail/shared/results/format';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { loadBooking } from './booking-stream.js';
import { TEST_CARD, bookAsTraveller, jfkLaxOffers } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { sqlBackends } from '../test-support/sql.js';
import { eventually } from '../test-support/eventually.js';

/** A paid seat of the map: its designator and the passenger's service. */
function paidSeat(map: SeatMapView) {
  for (const row of map.cabins.flatMap((cabin) => cabin.rows))
    for (const element of row.sections.flatMap((section) => section.elements)) {
      const service = element.available_services?.find((one) => Number(one.total_amount) > 0);
      if (element.type === 'seat' && service) return { designator: element.designator!, service };
    }
  throw new Error('the seat map should sell a paid seat');
}

const designators = (maps: SeatMapView[]) =>
  maps.flatMap((map) =>
    map.cabins.flatMap((cabin) =>
      cabin.rows.flatMap((row) =>
        row.sections.flatMap((section) =>
          section.elements.filter((e) => (e.available_services ?? []).length > 0).map((e) => e.designator),
        ),
      ),
    ),
  );

/** Issue 36: seats bought after booking, through the engine's routes, the Duffel and Stripe sandboxes. */
describe.each(sqlBackends().slice(0, 1))('seats added after booking on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  async function seatedOffer(daysAhead: number): Promise<FlightOffer> {
    const found = await jfkLaxOffers(harness, daysAhead);
    for (const offer of found.filter((one) => !isInternationalOffer(one)))
      if ((await harness.deps.flights!.getSeatMaps(offer.id)).length > 0) return offer;
    throw new Error(`JFK-LAX ${daysAhead} days ahead should have an offer with seat maps`);
  }

  const book = (offer: FlightOffer, key: string) => bookAsTraveller(harness, offer, key);

  it(
    'adds a seat, charging exactly the price shown, and shows it with the trip and in the email',
    async () => {
      const { owner, id } = await book(await seatedOffer(45), 'add-seat-1');
      const stranger = (await book(await seatedOffer(46), 'add-seat-2')).owner;
      await stranger.get(`/api/bookings/${id}/seats`).expect(404);
      await harness.agent().get(`/api/bookings/${id}/seats`).expect(401);
      await owner
        .post(`/api/bookings/${id}/extras`)
        .send({ bags: [], seats: [], amount: '0', currency: 'USD' })
        .expect(400);

      const { seatMaps } = (await owner.get(`/api/bookings/${id}/seats`).expect(200)).body as {
        seatMaps: SeatMapView[];
      };
      expect(seatMaps.length).toBeGreaterThan(0);
      const { designator, service } = paidSeat(seatMaps[0]!);
      const body = {
        seats: [{ serviceId: service.id }],
        amount: service.total_amount,
        currency: service.total_currency,
      };
      await stranger
        .post(`/api/bookings/${id}/extras`)
        .send({ ...body, cardDetails: TEST_CARD })
        .expect(404);
      const wrong = await owner
        .post(`/api/bookings/${id}/extras`)
        .send({ ...body, amount: '0.01', cardDetails: TEST_CARD });
      expect(wrong.body.code).toBe('AMOUNT_MISMATCH');

      const paid = await owner.post(`/api/bookings/${id}/extras`).send({ ...body, cardDetails: TEST_CARD });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.message).toBe('Your seats have been added');
      const purchaseId = paid.body.purchase.purchaseId as string;
      const { state } = await loadBooking(harness.deps.eventStore, id);
      const settled =
        state.phase === 'confirmed' ? state.purchases?.find((one) => one.purchaseId === purchaseId) : undefined;
      const received = (await harness.booking.payments.retrieve(settled!.paymentId!)).received;
      expect(received).toBe(toMinorUnits(service.total_amount, service.total_currency));

      const view = (await owner.get(`/api/bookings/${id}`).expect(200)).body;
      expect(view.bookingData.seats).toContainEqual(
        expect.objectContaining({ segment_id: seatMaps[0]!.segment_id, designator }),
      );
      expect(view.bookingData.purchases).toMatchObject([{ kind: 'extras', seats: [{ designator }] }]);
      // The seat is the order's now: it is no longer sold, nor any other to the same passenger on that flight.
      const after = (await owner.get(`/api/bookings/${id}/seats`).expect(200)).body as { seatMaps: SeatMapView[] };
      expect(designators(after.seatMaps.filter((map) => map.segment_id === seatMaps[0]!.segment_id))).toEqual([]);

      const read = () =>
        harness.booking.sql.query<{ subject: string; text_body: string }>(
          'SELECT subject, text_body FROM email_outbox WHERE booking_id = $1 AND kind = $2',
          [id, `updated-${purchaseId}`],
        );
      const email = (await eventually(read, ({ rows }) => rows.length === 1)).rows[0]!;
      expect(email.subject).toMatch(/^Booking Updated - /);
      expect(email.text_body).toContain(designator);
      expect(email.text_body).toContain(
        `Seat(s) ${designator}: ${formatPrice(service.total_amount, service.total_currency)} charged to your card (this update).`,
      );
    },
    scaled(120_000),
  );
});
