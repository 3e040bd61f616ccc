import type { FlightOffer } from '@contrail/shared';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { PriceTrackingStore } from '../price-tracking/store.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import {
  authorize,
  bookingBody,
  searchOffers,
  traveller,
  type BookingHarness,
} from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { eventually } from '../test-support/eventually.js';
import { holdsText } from '../test-support/holds-text.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** The providers' own systems, simulated: what an airline or Stripe keeps is theirs to erase, not Contrail's. */
const ERASURE_REASON = 'Ticket 6: the account holder asks';
const PROVIDER_TABLES = /^(duffel_sandbox_|stripe_sandbox_)/;

/** Every row of every table Contrail keeps (all columns as text), with the table it came from. */
async function everyRow(sql: SqlClient): Promise<Array<{ table: string; text: string }>> {
  const { rows: tables } = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const found: Array<{ table: string; text: string }> = [];
  for (const { table_name: table } of tables) {
    if (PROVIDER_TABLES.test(table)) continue;
    const { rows } = await sql.query<{ text: string }>(`SELECT row_to_json(t)::text AS text FROM "${table}" t`);
    for (const row of rows) found.push({ table, text: row.text });
  }
  return found;
}

/** Where any of these strings still appears (any case): "table: needle". */
async function traces(sql: SqlClient, needles: string[]): Promise<string[]> {
  const rows = await everyRow(sql);
  expect(rows.some((row) => row.table === 'es_events')).toBe(true);
  return rows.flatMap(({ table, text }) => {
    const row = JSON.parse(text) as unknown;
    return needles.filter((needle) => holdsText(row, needle)).map((needle) => `${table}: ${needle}`);
  });
}

function person(firstName: string, lastName: string, email: string, phone: string) {
  return { ...traveller(email), firstName, lastName, phone };
}

describe.each(sqlBackends())('erasure that holds on $name', (backend) => {
  /** Everything the engine logged, at every level. */
  const logLines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  const harness = harnessPerBackend(backend, { logger });
  let offers: FlightOffer[];
  let admin: ReturnType<BookingHarness['agent']>;

  beforeAll(async () => {
    offers = await searchOffers(harness, 45);
    await harness.booking.accounts.register(
      'default',
      {
        username: 'eraser',
        email: 'eraser@example.com',
        firstName: 'Erin',
        lastName: 'Support',
        password: 'Support-Password-1',
      },
      { isAdmin: true },
    );
    admin = harness.agent();
    await admin.post('/api/auth/login').send({ username: 'eraser', password: 'Support-Password-1' }).expect(200);
  }, scaled(120_000));

  /** The needles that some log line holds (any case). */
  const inLogs = (needles: string[]) =>
    needles.filter((needle) => logLines.some((line) => line.toLowerCase().includes(needle.toLowerCase())));

  /** A confirmed booking whose confirmation email was written, plus a contact message from its traveller. */
  async function bookAndWrite(
    agent: ReturnType<BookingHarness['agent']>,
    key: string,
    passenger: ReturnType<typeof person>,
    offer: FlightOffer,
  ) {
    const payment = await authorize(harness, offer, {
      number: '4242 4242 4242 4242',
      expiryMonth: '12',
      expiryYear: '34',
      cvv: '123',
      holderName: `${passenger.firstName} ${passenger.lastName}`,
    });
    const body = {
      ...bookingBody(offer, payment.body.paymentId),
      passengers: [passenger],
      paymentDetails: {
        ...bookingBody(offer, payment.body.paymentId).paymentDetails,
        cardDetails: { holderName: `${passenger.firstName} ${passenger.lastName}` },
      },
    };
    const booked = await agent.post('/api/bookings').set('Idempotency-Key', key).send(body);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const outbox = await eventually(
      () => admin.get('/api/admin/outbox').query({ bookingId: booked.body.id }),
      (res) => res.body.messages?.length === 1,
    );
    expect(outbox.body.messages[0].to).toBe(passenger.email);
    await harness
      .api()
      .post('/api/support-requests')
      .send({
        kind: 'contact',
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        email: passenger.email,
        phone: passenger.phone,
        reason: 'other',
        bookingReference: booked.body.duffelBookingId.slice(0, 8),
        message: `This is ${passenger.firstName} ${passenger.lastName}, about my trip.`,
        preferredContact: 'email',
        privacyConsent: true,
      })
      .expect(201);
    return { booked, body };
  }

  it(
    "erases a booking's travellers everywhere: events, read model, stored answer, outbox, contacts, logs",
    async () => {
      const owner = harness.agent();
      await owner
        .post('/api/auth/register')
        .send({
          username: 'alex.owner',
          email: 'alex.owner@example.com',
          firstName: 'Alex',
          lastName: 'Owner',
          password: 'Owner-Password-1',
        })
        .expect(201);
      await owner.post('/api/auth/login').send({ username: 'alex.owner', password: 'Owner-Password-1' }).expect(200);
      const zelda = person('Zelda', 'Quixotic', 'zelda.quixotic@example.com', '+1 212 555 0199');
      const needles = ['Zelda', 'Quixotic', 'zelda.quixotic@example.com', '555 0199'];
      const { booked, body } = await bookAndWrite(owner, 'erase-booking-1', zelda, offers[0]!);
      expect(await traces(harness.booking.sql, needles)).not.toEqual([]);

      const erased = await admin
        .post(`/api/admin/bookings/${booked.body.id}/erase-passengers`)
        .send({ reason: 'Ticket 5: erasure request' })
        .expect(200);
      expect(erased.body).toEqual({ success: true, erasedKeys: 1 });
      await eventually(
        () => owner.get(`/api/bookings/${booked.body.id}`),
        (res) => res.body.bookingData?.passengers?.[0]?.given_name === '[erased]',
      );

      expect(await traces(harness.booking.sql, needles)).toEqual([]);
      expect(logLines.length).toBeGreaterThan(10);
      expect(inLogs(needles)).toEqual([]);
      const replay = await owner.post('/api/bookings').set('Idempotency-Key', 'erase-booking-1').send(body);
      expect(replay.status).toBe(201);
      expect(replay.body).toMatchObject({ id: booked.body.id, accountCreated: false });
      for (const needle of needles)
        expect(JSON.stringify(replay.body).toLowerCase()).not.toContain(needle.toLowerCase());
      const lookup = await harness
        .api()
        .get('/api/bookings/lookup')
        .query({ reference: booked.body.duffelBookingId.slice(0, 8), email: zelda.email });
      expect(lookup.status).toBe(404);
      // The account holder is not the traveller: their account stays.
      expect((await owner.get('/api/auth/user')).body).toMatchObject({ username: 'alex.owner' });
    },
    scaled(120_000),
  );

  it(
    'erases an account with all its bookings, its messages and the account itself',
    async () => {
      const yorick = person('Yorick', 'Umberfield', 'yorick.umberfield@example.com', '+1 212 555 0177');
      const needles = ['Yorick', 'Umberfield', 'yorick.umberfield', '555 0177'];
      const agent = harness.agent();
      const { booked, body } = await bookAndWrite(agent, 'erase-account-1', yorick, offers[1]!);
      expect(booked.body.accountInfo).toMatchObject({ username: 'yorick.umberfield', email: yorick.email });
      // A second trip, booked signed in.
      await bookAndWrite(agent, 'erase-account-2', yorick, offers[2]!);
      // A price alert tracked by the same address, signed out (issue 34): its address goes too.
      await harness.booking.sql.query(
        `INSERT INTO price_trackings (tracking_id, brand_key, search_key, search, drop_rule, status, started_at)
         VALUES ('trk_erasure', 'default', 'SEA|SFO', '{}', '{}', 'active', now())`,
      );
      await new PriceTrackingStore(harness.booking.sql).keepContact('trk_erasure', yorick.email);
      expect(await traces(harness.booking.sql, needles)).not.toEqual([]);

      expect(
        (await admin.post('/api/admin/accounts/erase').send({ email: 'nobody@example.com', reason: ERASURE_REASON }))
          .status,
      ).toBe(404);
      expect(
        (await admin.post('/api/admin/accounts/erase').send({ email: 'not an email', reason: ERASURE_REASON })).status,
      ).toBe(400);
      expect(
        (await admin.post('/api/admin/accounts/erase').send({ email: 'eraser@example.com', reason: ERASURE_REASON }))
          .status,
      ).toBe(409);
      expect(
        (await agent.post('/api/admin/accounts/erase').send({ email: yorick.email, reason: ERASURE_REASON })).status,
      ).toBe(403);
      expect((await admin.post('/api/admin/accounts/erase').send({ email: yorick.email })).status).toBe(400);
      const erased = await admin
        .post('/api/admin/accounts/erase')
        .send({ email: yorick.email.toUpperCase(), reason: ERASURE_REASON });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(erased.body).toEqual({ success: true, erasedBookings: 2, erasedKeys: 2 });
      await eventually(
        () => admin.get(`/api/admin/bookings`),
        (res) =>
          res.body.every((row: { bookingData: { passengers: Array<{ given_name: string }> }; customerId: string }) =>
            row.bookingData.passengers.every((passenger) => !passenger.given_name.includes('Yorick')),
          ),
      );

      expect(await traces(harness.booking.sql, needles)).toEqual([]);
      expect(inLogs(needles)).toEqual([]);
      expect((await agent.get('/api/auth/user')).status).toBe(401);
      const replay = await harness.api().post('/api/bookings').set('Idempotency-Key', 'erase-account-1').send(body);
      expect(replay.status).toBe(201);
      expect(replay.body).toMatchObject({ id: booked.body.id, accountCreated: true });
      expect(replay.body.accountInfo).toBeUndefined();
      for (const needle of needles)
        expect(JSON.stringify(replay.body).toLowerCase()).not.toContain(needle.toLowerCase());
      // Erasing again finds nothing left.
      expect(
        (await admin.post('/api/admin/accounts/erase').send({ email: yorick.email, reason: ERASURE_REASON })).status,
      ).toBe(404);
    },
    scaled(180_000),
  );
});
