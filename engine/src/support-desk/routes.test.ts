import { DEFAULT_BRAND } from '@contrail/shared';
import { bookingHistorySchema, outboxAnswerSchema } from '@contrail/shared/admin/operations';
import { accessLogSchema, deskTimelineSchema } from '@contrail/shared/support-desk/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import { SelfUrl } from '../calls/self-url.js';
import { ManualClock } from '../clock.js';
import { EmailOutbox } from '../email/outbox.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import type { SqlClient } from '../storage/sql.js';
import { addStaff, STAFF_PASSWORD } from '../staff/test-support/staff-users.js';
import { sqlBackends } from '../test-support/sql.js';
import { accessLogProjection } from './access-log-projection.js';
import { bookingsProjection } from '../bookings/read-model/projection.js';
import type { Projection } from '../projections/projection.js';
import { seedDeskBooking } from './test-support/desk-booking.js';
import { untilHeadIsLatest } from '../test-support/eventually.js';

const SKY = 'skyfares.com';
const REASON = 'Ticket #4411: traveller asks about the passport';

const cookieOf = (response: request.Response) =>
  (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');

describe.each(sqlBackends())('the support desk over the API ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const cookies: Record<string, string> = {};

  const as = (who: string, brand = SKY) => ({
    get: (path: string) => request(engine.app).get(path).set('Cookie', cookies[who]!).set('X-Brand-Key', brand),
    post: (path: string, body?: object) =>
      request(engine.app)
        .post(path)
        .set('Cookie', cookies[who]!)
        .set('X-Brand-Key', brand)
        .send(body ?? {}),
  });
  const desk = async (bookingId: string) =>
    deskTimelineSchema.parse(
      (await as('root', 'default').get(`/api/admin/bookings/${bookingId}/desk`).expect(200)).body,
    ).entries;
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
    await as('root', 'default')
      .post('/api/admin/brands', { ...DEFAULT_BRAND, key: SKY, name: 'SkyFares', domain: SKY })
      .expect(201);
    await addStaff(engine.deps, { username: 'skyagent', role: 'support-agent', brands: [SKY] });
    await addStaff(engine.deps, { username: 'homeagent', role: 'support-agent', brands: ['default'] });
    await addStaff(engine.deps, { username: 'skyaudit', role: 'auditor', brands: [SKY] });
    for (const [username, brand] of [
      ['skyagent', SKY],
      ['homeagent', 'default'],
      ['skyaudit', SKY],
    ] as const) {
      const login = await request(engine.app)
        .post('/api/auth/login')
        .set('X-Brand-Key', brand)
        .send({ username, password: STAFF_PASSWORD })
        .expect(200);
      cookies[username] = cookieOf(login);
    }
    await seedDeskBooking(engine.deps, 'bk-sky-1', SKY);
    await seedDeskBooking(engine.deps, 'bk-sky-2', SKY);
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('shows the history sealed, and refuses to reveal it without a reason, recording nothing', async () => {
    const sealed = bookingHistorySchema.parse((await as('skyagent').get('/api/admin/bookings/bk-sky-1/history')).body);
    expect(sealed.revealed).toBe(false);
    expect(JSON.stringify(sealed)).not.toContain('Quixotic');

    const asked = await as('skyagent').get('/api/admin/bookings/bk-sky-1/history?reveal=true').expect(400);
    expect(asked.body.message).toContain('/api/admin/bookings/bk-sky-1/reveal');
    for (const body of [{}, { reason: '' }, { reason: ' abc ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
      const refused = await as('skyagent').post('/api/admin/bookings/bk-sky-1/reveal', body).expect(400);
      expect(refused.body.message).toContain('Please give a reason');
    }
    expect(await desk('bk-sky-1')).toEqual([]);
  });

  it('reveals for a reason, and records who, when, what and why on the booking and in the access log', async () => {
    const revealed = await as('skyagent').post('/api/admin/bookings/bk-sky-1/reveal', { reason: REASON }).expect(200);
    const history = bookingHistorySchema.parse(revealed.body);
    expect(history.revealed).toBe(true);
    expect(JSON.stringify(history)).toContain('ZQ7654321');

    expect(await desk('bk-sky-1')).toEqual([
      {
        type: 'PersonalDataRevealed',
        at: clock.now().toISOString(),
        by: 'skyagent',
        reason: REASON,
        seen: ['passengers'],
      },
    ]);
    await project(accessLogProjection);
    const log = accessLogSchema.parse((await as('root', 'default').get('/api/admin/access-log').expect(200)).body);
    expect(log.entries).toEqual([
      expect.objectContaining({ bookingId: 'bk-sky-1', brandKey: SKY, username: 'skyagent', reason: REASON }),
    ]);
    const csv = await as('root', 'default').get('/api/admin/access-log.csv?username=SKYAGENT').expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('personal-data-access-log.csv');
    expect(csv.text.split('\r\n')).toEqual([
      'at,username,user_id,brand,booking_id,seen,reason,exported',
      expect.stringMatching(/^2026-11-22T12:00:00.000Z,skyagent,[\w-]+,skyfares.com,bk-sky-1,passengers,Ticket #4411/),
      '',
    ]);
  });

  it('keeps the access log to platform admins, and a booking to the staff of its brand', async () => {
    await as('skyagent').get('/api/admin/access-log').expect(403);
    await as('skyaudit').get('/api/admin/access-log.csv').expect(403);
    await as('skyaudit').post('/api/admin/bookings/bk-sky-2/reveal', { reason: REASON }).expect(403);
    await as('homeagent', 'default').post('/api/admin/bookings/bk-sky-2/reveal', { reason: REASON }).expect(404);
    await as('root', 'default').get('/api/admin/access-log?limit=abc').expect(400);
    expect(await desk('bk-sky-2')).toEqual([]);
  });

  it('lists travellers by their initials only', async () => {
    await project(bookingsProjection);
    const listed = await as('skyagent').get('/api/admin/bookings').expect(200);
    const passengers = (listed.body as { bookingData: { passengers: object[] } }[]).flatMap(
      (booking) => booking.bookingData.passengers,
    );
    expect(passengers).toContainEqual(expect.objectContaining({ given_name: 'Z.', family_name: 'Q.' }));
    expect(JSON.stringify(listed.body)).not.toContain('Zelda');
  });

  it('hides email bodies in the outbox until they are revealed for a reason', async () => {
    await new EmailOutbox(sql).keep({
      bookingId: 'bk-sky-2',
      brandKey: SKY,
      kind: 'booking-confirmation',
      to: 'zelda.quixotic@example.com',
      subject: 'Your trip',
      text: 'Dear Zelda, passport ZQ7654321',
      html: '<p>Dear Zelda</p>',
    });
    const listed = outboxAnswerSchema.parse((await as('skyagent').get('/api/admin/outbox?bookingId=bk-sky-2')).body);
    expect(listed.messages.map((message) => [message.text, message.html])).toEqual([['[sealed]', '[sealed]']]);

    await as('skyagent').post('/api/admin/outbox/reveal', { bookingId: 'bk-sky-2' }).expect(400);
    const shown = await as('skyagent')
      .post('/api/admin/outbox/reveal', { bookingId: 'bk-sky-2', reason: 'Ticket #4412 resend' })
      .expect(200);
    expect(outboxAnswerSchema.parse(shown.body).messages.map((message) => message.text)).toEqual([
      'Dear Zelda, passport ZQ7654321',
    ]);
    expect(await desk('bk-sky-2')).toEqual([
      expect.objectContaining({ type: 'PersonalDataRevealed', by: 'skyagent', seen: ['emails'] }),
    ]);
  });

  it('keeps internal notes on the desk timeline, written by those who service bookings', async () => {
    await as('skyaudit').post('/api/admin/bookings/bk-sky-1/notes', { text: 'an auditor note' }).expect(403);
    await as('skyagent').post('/api/admin/bookings/bk-sky-1/notes', { text: '   ' }).expect(400);
    const noted = await as('skyagent')
      .post('/api/admin/bookings/bk-sky-1/notes', { text: 'Called back: wants a refund' })
      .expect(201);
    expect(deskTimelineSchema.parse(noted.body).entries.at(-1)).toEqual({
      type: 'InternalNoteAdded',
      at: clock.now().toISOString(),
      by: 'skyagent',
      text: 'Called back: wants a refund',
    });
    const traveller = await request(engine.app).get('/api/bookings/bk-sky-1');
    expect(JSON.stringify(traveller.body)).not.toContain('wants a refund');
  });

  it('erases only with a reason, and records it', async () => {
    await as('root', 'default').post('/api/admin/bookings/bk-sky-2/erase-passengers', {}).expect(400);
    expect(await desk('bk-sky-2')).toHaveLength(1);
    await as('root', 'default')
      .post('/api/admin/bookings/bk-sky-2/erase-passengers', { reason: 'GDPR request #77' })
      .expect(200);
    expect((await desk('bk-sky-2')).at(-1)).toMatchObject({
      type: 'PersonalDataErased',
      by: 'root',
      reason: 'GDPR request #77',
    });
  });
});
