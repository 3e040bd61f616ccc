import { emailAlertSettingsSchema } from '@contrail/shared/webhooks/email-alerts';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import type { BookingEvent } from '../bookings/domain/events.js';
import { systemClock } from '../clock.js';
import type { Mailer, OutgoingMail } from '../email/mailer.js';
import { recordedEvents } from '../revenue/test-support/revenue-events.js';
import { addStaff, STAFF_PASSWORD } from '../staff/test-support/staff-users.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { sendDueEmailAlerts } from './email-alert-job.js';
import { emailAlertProjection } from './email-alert-projection.js';

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** One booking's life on the default brand, now (after the subscriptions: only later events alert). */
function bookingLife(): BookingEvent[] {
  const at = new Date().toISOString();
  return [
    { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
    { type: 'BookingCancelled', data: { at } },
    { type: 'RefundIssued', data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(12_000), fee: null, at } },
  ];
}

describe.each(sqlBackends())('staff email alerts on $name', (backend) => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  const staffCookies = new Map<string, string>();
  beforeAll(async () => {
    sql = await backend.open();
    admin = await adminTestApp(sql);
    await addStaff(admin.deps, { username: 'skyagent', role: 'support-agent', brands: ['skyfares.com'] });
    await addStaff(admin.deps, { username: 'auditor', role: 'auditor', brands: ['default'] });
  });
  afterAll(async () => {
    await sql?.close();
  });

  /** Staff sign in on their first brand, and their session works there only. */
  const brandOf = (user: string) => (user === 'skyagent' ? 'skyfares.com' : 'default');

  async function cookieOf(user: string): Promise<string> {
    if (user === 'traveller' || user === 'brandadmin' || user === 'root') return admin.cookie(user);
    const known = staffCookies.get(user);
    if (known) return known;
    const answer = await request(admin.app)
      .post('/api/auth/login')
      .set('X-Brand-Key', brandOf(user))
      .send({ username: user, password: STAFF_PASSWORD })
      .expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    staffCookies.set(user, cookie);
    return cookie;
  }

  const save = async (user: string, body: unknown) =>
    request(admin.app)
      .put('/api/admin/email-alerts')
      .set('X-Brand-Key', brandOf(user))
      .set('Cookie', await cookieOf(user))
      .send(body as object);

  it('lets each staff role choose its own alerts, for brands it sees only; bad input is a 400', async () => {
    await request(admin.app).get('/api/admin/email-alerts').expect(401);
    await request(admin.app)
      .get('/api/admin/email-alerts')
      .set('Cookie', await cookieOf('traveller'))
      .expect(403);
    expect((await save('traveller', { brand: null, events: ['booking.failed'] })).status).toBe(403);

    const none = await request(admin.app)
      .get('/api/admin/email-alerts')
      .set('Cookie', await cookieOf('brandadmin'))
      .expect(200);
    expect(emailAlertSettingsSchema.parse(none.body)).toEqual({
      email: 'brandadmin@example.com',
      brand: null,
      events: [],
    });

    const brandAdmin = await save('brandadmin', {
      brand: 'default',
      events: ['booking.confirmed', 'booking.confirmed'],
    });
    expect(brandAdmin.status).toBe(200);
    expect(brandAdmin.body).toEqual({
      email: 'brandadmin@example.com',
      brand: 'default',
      events: ['booking.confirmed'],
    });
    expect((await save('brandadmin', { brand: 'skyfares.com', events: ['booking.failed'] })).status).toBe(403);
    for (const bad of [{ brand: 'default', events: ['booking.nope'] }, { brand: '', events: [] }, {}, 'x']) {
      expect((await save('brandadmin', bad)).status, JSON.stringify(bad)).toBe(400);
    }

    expect((await save('skyagent', { brand: 'skyfares.com', events: ['booking.confirmed'] })).status).toBe(200);
    expect((await save('skyagent', { brand: 'default', events: ['booking.confirmed'] })).status).toBe(403);
    expect((await save('auditor', { brand: null, events: ['refund.issued'] })).status).toBe(200);
    expect((await save('root', { brand: null, events: ['booking.cancelled'] })).status).toBe(200);

    // No events: no alerts, and nothing stored.
    expect((await save('skyagent', { brand: 'skyfares.com', events: [] })).body.events).toEqual([]);
    expect((await save('skyagent', { brand: 'skyfares.com', events: ['booking.confirmed'] })).status).toBe(200);
  });

  it('given the events, then one alert per subscribed account and event, however often replayed', async () => {
    const earlier = recordedEvents('old', [
      { type: 'BookingConfirmed', data: { orderId: 'ord_0', bookingReference: 'OLD000', at: '2020-01-01T00:00:00Z' } },
    ]);
    const events = recordedEvents('a1', bookingLife());
    await sql.transaction(async (tx) => {
      for (const event of [...earlier, ...events, ...events]) await emailAlertProjection.apply(tx, event);
    });
    const { rows } = await sql.query<{ event_id: string; username: string; type: string }>(
      `SELECT a.event_id, u.username, a.type FROM email_alerts a JOIN users u ON u.id = a.user_id ORDER BY a.event_id`,
    );
    expect(rows).toEqual([
      { event_id: 'a1-0', username: 'brandadmin', type: 'booking.confirmed' },
      { event_id: 'a1-1', username: 'root', type: 'booking.cancelled' },
      { event_id: 'a1-2', username: 'auditor', type: 'refund.issued' },
    ]);
  });

  it('sends each alert once through the outbox and the mailer; a replay or a lost run sends nothing twice', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { transport: 'smtp', send: async (mail) => void sent.push(mail) };
    const deps = {
      sql,
      mailer,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      baseUrl: () => 'https://admin.example.com',
    };
    expect(await sendDueEmailAlerts(deps)).toBe(3);
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      'auditor@staff.example.com',
      'brandadmin@example.com',
      'root@example.com',
    ]);
    const confirmed = sent.find((mail) => mail.to === 'brandadmin@example.com')!;
    expect(confirmed.subject).toBe('Booking confirmed: a1 (default)');
    expect(confirmed.text).toContain('Booking: a1\nBrand: default');
    expect(confirmed.text).toContain('https://admin.example.com/admin/support');

    // A rebuild replays every event; a run that died after sending left its alert leased, now lapsed.
    await sql.transaction(async (tx) => {
      for (const event of recordedEvents('a1', bookingLife())) await emailAlertProjection.apply(tx, event);
    });
    await sql.query(
      `UPDATE email_alerts SET status = 'pending', sent_at = NULL, leased_until = now() - interval '1 second'
       WHERE event_id = 'a1-0'`,
    );
    expect(await sendDueEmailAlerts(deps)).toBe(1);
    expect(await sendDueEmailAlerts(deps)).toBe(0);
    expect(sent).toHaveLength(3);
    const { rows } = await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM email_outbox WHERE kind LIKE 'alert:%' AND sent_at IS NOT NULL`,
    );
    expect(rows[0]!.count).toBe(3);
  });
});
