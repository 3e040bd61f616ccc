import { DEFAULT_BRAND } from '@contrail/shared';
import { bookingSearchAnswerSchema } from '@contrail/shared/support-desk/booking-search';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../../admin/test-support/admin-app.js';
import { bookingStreamName, type BookingEvent } from '../../bookings/domain/events.js';
import type { PassengerPii } from '../../bookings/pii/sealed.js';
import { bookingsProjection } from '../../bookings/read-model/projection.js';
import { SelfUrl } from '../../calls/self-url.js';
import { ManualClock } from '../../clock.js';
import { withMetadata } from '../../eventstore/metadata.js';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import type { Projection } from '../../projections/projection.js';
import { cancelledBooking, soldBooking } from '../../revenue/test-support/revenue-events.js';
import { addStaff, STAFF_PASSWORD } from '../../staff/test-support/staff-users.js';
import type { SqlClient } from '../../storage/sql.js';
import { untilHeadIsLatest } from '../../test-support/eventually.js';
import { sqlBackends } from '../../test-support/sql.js';
import { bookingSearchKeysProjection } from './projection.js';

const SKY = 'skyfares.com';
const MASTER_KEY = Buffer.alloc(32, 'test-pii-master-key');

const ada: PassengerPii = {
  firstName: 'Ada',
  lastName: "O'Lovelace-Núñez",
  dateOfBirth: '1990-05-01',
  email: 'Ada.Lovelace@Example.com',
  phone: '+44 20 7946 0001',
  passportNumber: 'AB123456',
};
const grace: PassengerPii = {
  firstName: 'Grace',
  lastName: 'Hopper',
  dateOfBirth: '1985-12-09',
  email: 'grace@example.com',
  phone: '+1 212 555 0100',
};

interface Seeded {
  id: string;
  brand: string;
  reference: string;
  bookedAt: string;
  departsAt: string;
  travellers: PassengerPii[];
  cancelled?: boolean;
}

const cookieOf = (response: request.Response) =>
  (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');

describe.each(sqlBackends())('the support search over the API ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const cookies: Record<string, string> = {};
  const searchKeys = bookingSearchKeysProjection(MASTER_KEY);
  const search = (who: string, query: Record<string, string>, brand = SKY) =>
    request(engine.app)
      .get('/api/admin/booking-search')
      .query(query)
      .set('Cookie', cookies[who]!)
      .set('X-Brand-Key', brand);
  const found = async (who: string, query: Record<string, string>, brand = SKY) => {
    const answer = bookingSearchAnswerSchema.parse((await search(who, query, brand).expect(200)).body);
    return { ids: answer.bookings.map((booking) => booking.id), total: answer.total, answer };
  };

  /** Read models fed every event so far, from zero, as their runner would. */
  const project = async (...projections: Projection[]) => {
    await untilHeadIsLatest(sql, engine.deps.eventStore);
    const events = await engine.deps.eventStore.readAll({ maxCount: 10_000 });
    await sql.transaction(async (tx) => {
      for (const projection of projections) {
        await projection.reset(tx);
        for (const event of events) await projection.apply(tx, event);
      }
    });
  };

  async function seed(booking: Seeded) {
    const vault = engine.deps.bookings!.vault;
    const at = booking.bookedAt;
    const [started, ...sold] = soldBooking({ bookingId: booking.id, brandKey: booking.brand, price: 40_000, at });
    const passengers: BookingEvent = {
      type: 'PassengersProvided',
      data: {
        passengers: await Promise.all(
          booking.travellers.map(async (traveller, index) => ({
            passengerId: `pas_${index}`,
            type: 'adult' as const,
            pii: await vault.seal(booking.id, `pas_${index}`, traveller),
          })),
        ),
        at,
      },
    };
    const withReference = sold.map((event): BookingEvent => {
      if (event.type === 'OrderCreated' || event.type === 'BookingConfirmed')
        return { ...event, data: { ...event.data, bookingReference: booking.reference } } as BookingEvent;
      return event;
    });
    const events: BookingEvent[] = [
      { ...started!, data: { ...started!.data, departsAt: booking.departsAt } } as BookingEvent,
      passengers,
      ...withReference,
      ...(booking.cancelled ? cancelledBooking({ bookingId: booking.id, providerRefund: 0, refund: 0, at }) : []),
    ];
    clock.set(new Date(at));
    const stored = withMetadata(
      events,
      { correlationId: `seed-${booking.id}`, actor: 'system', brand: booking.brand },
      clock,
    );
    await engine.deps.eventStore.append(bookingStreamName(booking.id), stored, 'no_stream');
  }

  beforeAll(async () => {
    sql = await backend.open();
    const selfUrl = new SelfUrl('127.0.0.1', 0);
    engine = await adminTestApp(sql, {
      clock,
      selfUrl,
      payments: selfAddressedGateway(selfUrl),
      eventStore: postgresEventStore(sql, { pollIntervalMs: 10 }),
    });
    cookies.root = await engine.cookie('root');
    for (const key of [SKY, 'nordlys'])
      await request(engine.app)
        .post('/api/admin/brands')
        .set('Cookie', cookies.root)
        .set('X-Brand-Key', 'default')
        .send({ ...DEFAULT_BRAND, key, name: key, domain: `${key}.example` })
        .expect(201);
    await addStaff(engine.deps, { username: 'skyagent', role: 'support-agent', brands: [SKY] });
    await addStaff(engine.deps, { username: 'twoagent', role: 'support-agent', brands: [SKY, 'nordlys'] });
    for (const username of ['skyagent', 'twoagent']) {
      const login = await request(engine.app)
        .post('/api/auth/login')
        .set('X-Brand-Key', SKY)
        .send({ username, password: STAFF_PASSWORD })
        .expect(200);
      cookies[username] = cookieOf(login);
    }
    await seed({
      id: 'bk-ada',
      brand: SKY,
      reference: 'ORDADA01',
      bookedAt: '2026-11-01T09:00:00.000Z',
      departsAt: '2026-12-24T08:00:00.000Z',
      travellers: [ada, grace],
    });
    await seed({
      id: 'bk-grace',
      brand: SKY,
      reference: 'ORDGRC02',
      bookedAt: '2026-11-05T09:00:00.000Z',
      departsAt: '2027-01-10T08:00:00.000Z',
      travellers: [grace],
      cancelled: true,
    });
    await seed({
      id: 'bk-nord',
      brand: 'nordlys',
      reference: 'ORDNRD03',
      bookedAt: '2026-11-10T09:00:00.000Z',
      departsAt: '2026-12-01T08:00:00.000Z',
      travellers: [{ ...grace, email: 'GRACE@example.com' }],
    });
    clock.set('2026-11-22T12:00:00Z');
    await project(bookingsProjection, searchKeys);
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('keeps no readable name, email or phone in its index', async () => {
    const { rows } = await sql.query<{ digest: string }>('SELECT digest FROM booking_search_keys');
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows).toLowerCase();
    for (const word of ['lovelace', 'hopper', 'grace', 'example.com', '7946', '5550100'])
      expect(stored).not.toContain(word);
  });

  it('finds a booking by its reference as printed, in any case, spaces ignored', async () => {
    expect((await found('skyagent', { reference: ' ordada 01 ' })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { reference: 'ORDADA0' })).ids).toEqual([]);
  });

  it('finds travellers by surname, full name, email or phone, each whole and in any form', async () => {
    expect((await found('skyagent', { name: 'olovelacenunez' })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { name: "Ada O'Lovelace Nunez" })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { name: 'Lovelace' })).ids).toEqual([]);
    expect((await found('skyagent', { name: 'hopper' })).ids).toEqual(['bk-grace', 'bk-ada']);
    expect((await found('skyagent', { email: ' ADA.lovelace@example.COM' })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { phone: '0044 20 7946 0001' })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { name: 'Hopper', phone: '+44 20 7946 0001' })).ids).toEqual(['bk-ada']);
  });

  it('lists travellers by their initials only', async () => {
    const { answer } = await found('skyagent', { name: 'hopper' });
    expect(JSON.stringify(answer)).not.toMatch(/Hopper|Lovelace|Grace|example\.com/);
    expect(answer.bookings.at(-1)!.bookingData.passengers.map((p) => `${p.given_name} ${p.family_name}`)).toEqual([
      'A. O. N.',
      'G. H.',
    ]);
  });

  it('filters by status and by a range of booking or departure days, and pages with a total', async () => {
    expect((await found('skyagent', { status: 'CANCELLED' })).ids).toEqual(['bk-grace']);
    expect((await found('skyagent', { from: '2026-11-01', to: '2026-11-01' })).ids).toEqual(['bk-ada']);
    expect((await found('skyagent', { dateField: 'departure', from: '2027-01-01' })).ids).toEqual(['bk-grace']);
    expect((await found('skyagent', { dateField: 'departure', to: '2026-12-31T23:59:59Z' })).ids).toEqual(['bk-ada']);
    const first = await found('skyagent', { limit: '1' });
    const second = await found('skyagent', { limit: '1', offset: '1' });
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.ids, ...second.ids]).toEqual(['bk-grace', 'bk-ada']);
  });

  it('shows staff the bookings of their own brands only', async () => {
    expect((await found('skyagent', { name: 'hopper' })).ids).not.toContain('bk-nord');
    expect((await found('twoagent', { name: 'hopper' })).ids).toEqual(['bk-nord', 'bk-grace', 'bk-ada']);
    expect((await found('twoagent', { name: 'hopper', brand: 'Nordlys' })).ids).toEqual(['bk-nord']);
    expect((await found('root', { email: 'grace@example.com' }, 'default')).total).toBe(3);
    await search('skyagent', { brand: 'nordlys' }).expect(403);
    expect((await search('root', { brand: 'nosuch' }, 'default').expect(400)).body.message).toContain('Unknown brand');
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    for (const [query, message] of [
      [{ reference: 'ab-1' }, 'reference'],
      [{ email: 'ada' }, 'email'],
      [{ phone: '12' }, 'country code'],
      [{ status: 'lost' }, 'status'],
      [{ limit: 'abc' }, 'limit'],
      [{ from: 'soon' }, 'from and to'],
    ] as const) {
      const refused = await search('skyagent', query).expect(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
  });

  it('forgets an erased traveller at once, and a rebuild does not bring them back', async () => {
    await request(engine.app)
      .post('/api/admin/bookings/bk-ada/erase-passengers')
      .set('Cookie', cookies.root!)
      .set('X-Brand-Key', 'default')
      .send({ reason: 'GDPR request #12' })
      .expect(200);
    await untilHeadIsLatest(sql, engine.deps.eventStore);
    const erasures = (await engine.deps.eventStore.readAll({ maxCount: 10_000 })).filter(
      (event) => event.type === 'PassengerDataErased',
    );
    expect(erasures).toHaveLength(1);
    await sql.transaction(async (tx) => {
      for (const event of erasures) await searchKeys.apply(tx, event);
    });
    expect((await found('skyagent', { email: 'ada.lovelace@example.com' })).ids).toEqual([]);
    expect((await found('skyagent', { name: 'hopper' })).ids).toEqual(['bk-grace']);
    await project(searchKeys);
    expect((await found('skyagent', { name: 'olovelacenunez' })).ids).toEqual([]);
    expect((await found('skyagent', { name: 'hopper' })).ids).toEqual(['bk-grace']);
    expect((await found('skyagent', { reference: 'ORDADA01' })).ids).toEqual(['bk-ada']);
  });
});
