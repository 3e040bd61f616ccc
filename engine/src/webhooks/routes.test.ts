import { webhookDeliveryListSchema, webhookEndpointWithSecretSchema } from '@contrail/shared/webhooks/webhooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import type { BookingEvent } from '../bookings/domain/events.js';
import { recordedEvents } from '../revenue/test-support/revenue-events.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { webhookProjection } from './projection.js';

/** A booking confirmed, then cancelled, now (after the endpoints were created: only later events are theirs). */
function confirmedThenCancelled(): BookingEvent[] {
  const at = new Date().toISOString();
  return [
    { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
    { type: 'BookingCancelled', data: { at } },
  ];
}

describe.each(sqlBackends())('webhook endpoints, their deliveries and routes on $name', (backend) => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  beforeAll(async () => {
    sql = await backend.open();
    admin = await adminTestApp(sql);
  });
  afterAll(async () => {
    await sql?.close();
  });

  const create = async (user: 'root' | 'brandadmin' | 'skyadmin', body: object) =>
    request(admin.app)
      .post('/api/admin/webhooks')
      .set('X-Brand-Key', user === 'skyadmin' ? 'skyfares.com' : 'default')
      .set('Cookie', await admin.cookie(user))
      .send(body);

  it('refuses http and private endpoints and bad input with a 400 naming the field, saving nothing', async () => {
    for (const url of ['http://hooks.example.com/in', 'https://127.0.0.1/in', 'https://localhost/in', 'not a url']) {
      const answer = await create('root', { url, events: ['booking.confirmed'] });
      expect(answer.status, url).toBe(400);
      expect(answer.body.errors[0].path).toBe('url');
    }
    expect((await create('root', { url: 'https://hooks.example.com/in', events: [] })).status).toBe(400);
    expect((await create('root', { url: 'https://hooks.example.com/in', events: ['booking.nope'] })).status).toBe(400);
    const listed = await request(admin.app)
      .get('/api/admin/webhooks')
      .set('Cookie', await admin.cookie('root'));
    expect(listed.body.endpoints).toEqual([]);
  });

  it('given endpoints of a brand, of another brand and of the platform, then each event is due where subscribed', async () => {
    const mine = webhookEndpointWithSecretSchema.parse(
      (
        await create('brandadmin', {
          url: 'https://hooks.example.com/a',
          events: ['booking.confirmed'],
          brand: 'default',
        })
      ).body,
    );
    expect(mine.secret).toMatch(/^whsec_/);
    const other = await create('skyadmin', {
      url: 'https://hooks.example.com/b',
      events: ['booking.confirmed'],
      brand: 'skyfares.com',
    });
    expect(other.status).toBe(201);
    const platform = await create('root', { url: 'https://hooks.example.com/p', events: ['booking.cancelled'] });
    expect(platform.status).toBe(201);
    expect(platform.body.brand).toBeNull();

    const events = recordedEvents('w1', confirmedThenCancelled());
    await sql.transaction(async (tx) => {
      for (const event of [...events, ...events]) await webhookProjection.apply(tx, event);
    });
    const { rows } = await sql.query<{ endpoint_id: string; event_id: string; status: string }>(
      'SELECT endpoint_id, event_id, status FROM webhook_deliveries ORDER BY event_id',
    );
    expect(rows).toEqual([
      { endpoint_id: mine.id, event_id: 'w1-0', status: 'pending' },
      { endpoint_id: platform.body.id, event_id: 'w1-1', status: 'pending' },
    ]);

    const log = await request(admin.app)
      .get(`/api/admin/webhooks/${mine.id}/deliveries`)
      .set('Cookie', await admin.cookie('brandadmin'))
      .expect(200);
    expect(webhookDeliveryListSchema.parse(log.body).deliveries).toEqual([
      expect.objectContaining({ eventId: 'w1-0', type: 'booking.confirmed', status: 'pending', attempts: 0 }),
    ]);
    await request(admin.app)
      .post(`/api/admin/webhooks/${mine.id}/deliveries/w1-0/send-again`)
      .set('Cookie', await admin.cookie('brandadmin'))
      .expect(202);
    await request(admin.app)
      .post(`/api/admin/webhooks/${mine.id}/deliveries/nope/send-again`)
      .set('Cookie', await admin.cookie('brandadmin'))
      .expect(404);
  });

  it('keeps a brand admin to their own brands: no platform-wide endpoint, no other brand, not even by id', async () => {
    expect(
      (await create('brandadmin', { url: 'https://hooks.example.com/x', events: ['booking.failed'] })).status,
    ).toBe(403);
    expect(
      (
        await create('brandadmin', {
          url: 'https://hooks.example.com/x',
          events: ['booking.failed'],
          brand: 'skyfares.com',
        })
      ).status,
    ).toBe(403);
    const listed = await request(admin.app)
      .get('/api/admin/webhooks')
      .set('X-Brand-Key', 'skyfares.com')
      .set('Cookie', await admin.cookie('skyadmin'))
      .expect(200);
    expect(listed.body.endpoints.map((endpoint: { brand: string }) => endpoint.brand)).toEqual(['skyfares.com']);
    const all = await request(admin.app)
      .get('/api/admin/webhooks')
      .set('Cookie', await admin.cookie('root'));
    const platformWide = all.body.endpoints.find((endpoint: { brand: string | null }) => endpoint.brand === null);
    await request(admin.app)
      .delete(`/api/admin/webhooks/${platformWide.id}`)
      .set('Cookie', await admin.cookie('brandadmin'))
      .expect(404);
  });

  it('rotates the secret (shown once more), disables and deletes; 401 signed out, 403 to travellers', async () => {
    const all = await request(admin.app)
      .get('/api/admin/webhooks')
      .set('Cookie', await admin.cookie('root'));
    const endpoint = all.body.endpoints[0];
    expect(endpoint.secret).toBeUndefined();
    const rotated = await request(admin.app)
      .post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`)
      .set('Cookie', await admin.cookie('root'))
      .expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const disabled = await request(admin.app)
      .patch(`/api/admin/webhooks/${endpoint.id}`)
      .set('Cookie', await admin.cookie('root'))
      .send({ enabled: false })
      .expect(200);
    expect(disabled.body.enabled).toBe(false);
    await request(admin.app)
      .patch(`/api/admin/webhooks/${endpoint.id}`)
      .set('Cookie', await admin.cookie('root'))
      .send({ enabled: 'no' })
      .expect(400);
    await request(admin.app)
      .delete(`/api/admin/webhooks/${endpoint.id}`)
      .set('Cookie', await admin.cookie('root'))
      .expect(204);
    await request(admin.app)
      .get(`/api/admin/webhooks/${endpoint.id}/deliveries`)
      .set('Cookie', await admin.cookie('root'))
      .expect(404);
    await request(admin.app).get('/api/admin/webhooks').expect(401);
    await request(admin.app)
      .get('/api/admin/webhooks')
      .set('Cookie', await admin.cookie('traveller'))
      .expect(403);
  });
});
