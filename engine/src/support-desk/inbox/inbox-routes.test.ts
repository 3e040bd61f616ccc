import { DEFAULT_BRAND } from '@contrail/shared';
import { contactMessageSchema, inboxAnswerSchema } from '@contrail/shared/support-desk/inbox';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../../admin/test-support/admin-app.js';
import { bookingsProjection } from '../../bookings/read-model/projection.js';
import { SelfUrl } from '../../calls/self-url.js';
import { ManualClock } from '../../clock.js';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import type { Projection } from '../../projections/projection.js';
import { addStaff, STAFF_PASSWORD } from '../../staff/test-support/staff-users.js';
import type { SqlClient } from '../../storage/sql.js';
import { SupportRequestStore } from '../../support-requests/store.js';
import { untilHeadIsLatest } from '../../test-support/eventually.js';
import { sqlBackends } from '../../test-support/sql.js';
import { seedDeskBooking } from '../test-support/desk-booking.js';
import { inboxProjection } from './projection.js';

const SKY = 'skyfares.com';

const cookieOf = (response: request.Response) =>
  (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');

describe.each(sqlBackends())('the contact-messages inbox over the API ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = (who: string, brand = SKY) => ({
    get: (path: string, query: Record<string, string> = {}) =>
      request(engine.app).get(path).query(query).set('Cookie', cookies[who]!).set('X-Brand-Key', brand),
    post: (path: string, body: object) =>
      request(engine.app).post(path).set('Cookie', cookies[who]!).set('X-Brand-Key', brand).send(body),
  });
  const inbox = async (who: string, query: Record<string, string> = {}, brand = SKY) =>
    inboxAnswerSchema.parse((await as(who, brand).get('/api/admin/contact-messages', query).expect(200)).body);

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
    for (const key of [SKY, 'nordlys'])
      await request(engine.app)
        .post('/api/admin/brands')
        .set('Cookie', cookies.root)
        .set('X-Brand-Key', 'default')
        .send({ ...DEFAULT_BRAND, key, name: key, domain: `${key}.example` })
        .expect(201);
    await addStaff(engine.deps, { username: 'skyagent', role: 'support-agent', brands: [SKY] });
    await addStaff(engine.deps, { username: 'skyagent2', role: 'support-agent', brands: [SKY] });
    await addStaff(engine.deps, { username: 'nordagent', role: 'support-agent', brands: ['nordlys'] });
    await addStaff(engine.deps, { username: 'skyaudit', role: 'auditor', brands: [SKY] });
    for (const [username, brand] of [
      ['skyagent', SKY],
      ['nordagent', 'nordlys'],
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
    await project(bookingsProjection);
    const store = new SupportRequestStore(sql);
    const at = (minutes: number) => new Date(Date.parse('2026-11-22T10:00:00Z') + minutes * 60_000);
    ids.contact = (
      await store.record(
        SKY,
        {
          kind: 'contact',
          firstName: 'Zelda',
          lastName: 'Quixotic',
          email: 'zelda@example.com',
          phone: '+1 212 555 0199',
          reason: 'booking',
          bookingReference: 'abc 123',
          message: 'Can I change my seat?',
          preferredContact: 'email',
          privacyConsent: true,
        },
        undefined,
        at(1),
      )
    ).id;
    ids.support = (
      await store.record(
        SKY,
        { kind: 'support', fullName: 'Bo Byte', email: 'bo@example.com', subject: 'Refund', message: 'Where is it?' },
        undefined,
        at(2),
      )
    ).id;
    await store.record(SKY, { kind: 'subscribe', email: 'news@example.com' }, undefined, at(3));
    ids.nord = (
      await store.record(
        'nordlys',
        { kind: 'support', fullName: 'Nils Nord', email: 'nils@example.com', subject: 'Hei', message: 'Hallo' },
        undefined,
        at(4),
      )
    ).id;
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('lists a brand’s contact and support messages, new, the sender by initials, the booking named linked', async () => {
    const listed = await inbox('skyagent');
    expect(listed.total).toBe(2);
    expect(listed.messages).toEqual([
      expect.objectContaining({ id: ids.support, kind: 'support', from: 'B. B.', topic: 'Refund', status: 'new' }),
      expect.objectContaining({
        id: ids.contact,
        kind: 'contact',
        from: 'Z. Q.',
        topic: 'booking',
        bookingReference: 'abc 123',
        bookingId: 'bk-sky-1',
        status: 'new',
        assignee: null,
      }),
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/Zelda|zelda@|change my seat/);
    expect((await inbox('skyagent', { limit: '1', offset: '1' })).messages.map((m) => m.id)).toEqual([ids.contact]);
  });

  it('shows the whole message to answer it, and keeps each brand’s messages to its staff', async () => {
    const message = contactMessageSchema.parse(
      (await as('skyagent').get(`/api/admin/contact-messages/${ids.contact}`).expect(200)).body,
    );
    expect(message).toMatchObject({ name: 'Zelda Quixotic', email: 'zelda@example.com', changes: [] });
    await as('nordagent', 'nordlys').get(`/api/admin/contact-messages/${ids.contact}`).expect(404);
    expect((await inbox('nordagent', {}, 'nordlys')).messages.map((m) => m.id)).toEqual([ids.nord]);
    await as('nordagent', 'nordlys').get('/api/admin/contact-messages', { brand: SKY }).expect(403);
    expect((await inbox('root', {}, 'default')).total).toBe(3);
  });

  it('records who answered, closed and assigned a message, and when', async () => {
    const path = `/api/admin/contact-messages/${ids.contact}`;
    await as('skyagent').post(`${path}/assignment`, { assignee: 'me' }).expect(200);
    clock.advance(60_000);
    const answered = contactMessageSchema.parse(
      (await as('skyagent').post(`${path}/status`, { status: 'Answered' }).expect(200)).body,
    );
    expect(answered).toMatchObject({ status: 'answered', assignee: 'skyagent' });
    expect(answered.changes).toEqual([
      { type: 'assignment', at: '2026-11-22T12:00:00.000Z', by: 'skyagent', assignee: 'skyagent' },
      { type: 'status', at: '2026-11-22T12:01:00.000Z', by: 'skyagent', from: 'new', to: 'answered' },
    ]);
    await project(inboxProjection);
    expect((await inbox('skyagent', { status: 'answered' })).messages.map((m) => m.id)).toEqual([ids.contact]);
    expect((await inbox('skyagent', { assignee: 'me' })).messages.map((m) => m.id)).toEqual([ids.contact]);
    expect((await inbox('skyagent', { assignee: 'none' })).messages.map((m) => m.id)).toEqual([ids.support]);
    expect((await inbox('skyagent', { status: 'new' })).messages.map((m) => m.id)).toEqual([ids.support]);
  });

  it('assigns only staff who may answer the brand, and never a closed message', async () => {
    const path = `/api/admin/contact-messages/${ids.support}`;
    for (const assignee of ['nordagent', 'skyaudit', 'nobody']) {
      const refused = await as('skyagent').post(`${path}/assignment`, { assignee }).expect(400);
      expect(refused.body.message).toContain('is not staff who can answer');
    }
    await as('skyagent').post(`${path}/assignment`, { assignee: 'SkyAgent2' }).expect(200);
    await as('skyagent').post(`${path}/status`, { status: 'closed' }).expect(200);
    const refused = await as('skyagent').post(`${path}/assignment`, { assignee: 'skyagent' }).expect(409);
    expect(refused.body.message).toContain('reopen it');
    const unassigned = await as('skyagent').post(`${path}/assignment`, { assignee: null }).expect(200);
    expect(contactMessageSchema.parse(unassigned.body)).toMatchObject({ status: 'closed', assignee: null });
  });

  it('lets an auditor read but not change, and refuses bad input with a 400 that changes nothing', async () => {
    const path = `/api/admin/contact-messages/${ids.contact}`;
    await as('skyaudit').get(path).expect(200);
    await as('skyaudit').post(`${path}/status`, { status: 'closed' }).expect(403);
    for (const body of [{}, { status: 'done' }, { status: 7 }])
      await as('skyagent').post(`${path}/status`, body).expect(400);
    await as('skyagent').post(`${path}/assignment`, { assignee: 'a b' }).expect(400);
    await as('skyagent').get('/api/admin/contact-messages', { status: 'lost' }).expect(400);
    await as('skyagent').get('/api/admin/contact-messages', { limit: 'abc' }).expect(400);
    await as('skyagent').post('/api/admin/contact-messages/no-such/status', { status: 'closed' }).expect(404);
    const message = contactMessageSchema.parse((await as('skyagent').get(path).expect(200)).body);
    expect(message.changes).toHaveLength(2);
  });

  it('forgets an erased traveller’s message; its changes keep no personal data', async () => {
    await as('root', 'default')
      .post('/api/admin/bookings/bk-sky-1/erase-passengers', { reason: 'GDPR request #31' })
      .expect(200);
    await as('skyagent').get(`/api/admin/contact-messages/${ids.contact}`).expect(404);
    expect((await inbox('skyagent')).messages.map((m) => m.id)).toEqual([ids.support]);
    const stream = await engine.deps.eventStore.readStream(`contact-message-${ids.contact}`);
    expect(stream).toHaveLength(2);
    expect(JSON.stringify(stream.map((event) => event.data))).not.toMatch(/Zelda|zelda@|seat/);
  });
});
