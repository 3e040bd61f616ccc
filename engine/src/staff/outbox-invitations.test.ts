import type { OutboxAnswer } from '@contrail/shared/admin/operations';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import { SelfUrl } from '../calls/self-url.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { STAFF_INVITATION_KIND } from './invitation-email.js';
import { addStaff, STAFF_PASSWORD } from './test-support/staff-users.js';

const SKY = 'skyfares.com';

describe.each(sqlBackends())('staff invitations in the outbox ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;

  const outboxAs = async (username: string) => {
    const login = await request(engine.app)
      .post('/api/auth/login')
      .set('X-Brand-Key', SKY)
      .send({ username, password: STAFF_PASSWORD })
      .expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const answer = await request(engine.app).get('/api/admin/outbox').set('X-Brand-Key', SKY).set('Cookie', cookie);
    return (answer.body as OutboxAnswer).messages.map((message) => `${message.kind} ${message.to}`);
  };

  beforeAll(async () => {
    sql = await backend.open();
    const selfUrl = new SelfUrl('127.0.0.1', 0);
    engine = await adminTestApp(sql, { selfUrl, payments: selfAddressedGateway(selfUrl) });
    await addStaff(engine.deps, { username: 'skyboss', role: 'brand-admin', brands: [SKY] });
    await addStaff(engine.deps, { username: 'skyagent', role: 'support-agent', brands: [SKY] });
  });
  afterAll(async () => {
    await sql.close();
  });

  it("shows an invitation's link only to those who may manage that brand's staff", async () => {
    const invitation = `${STAFF_INVITATION_KIND} skyagent@staff.example.com`;
    expect(await outboxAs('skyboss')).toContain(invitation);
    expect((await outboxAs('skyagent')).filter((line) => line.startsWith(STAFF_INVITATION_KIND))).toEqual([]);
  });
});
