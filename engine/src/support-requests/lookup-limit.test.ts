import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { LOOKUP_FAILURES_PER_REFERENCE, LOOKUP_LIMIT_PER_ADDRESS, lookupRateLimitMessage } from './rate-limit.js';

/** GET /api/bookings/lookup cannot be used to enumerate references, nor the emails behind one. */
describe('the booking lookup rate limits', () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  const lookup = (app: ReturnType<typeof createApp>, address: string, reference: string, email = 'a@example.com') =>
    request(app).get('/api/bookings/lookup').set('X-Forwarded-For', address).query({ reference, email });

  it('limits failed lookups of one reference, from any number of addresses', async () => {
    const app = createApp(testDeps(sql, { config: { trustProxy: true } }));
    for (let guess = 0; guess < LOOKUP_FAILURES_PER_REFERENCE; guess++) {
      expect((await lookup(app, `198.51.100.${guess}`, 'ABC123', `guess${guess}@example.com`)).status).toBe(404);
    }
    const limited = await lookup(app, '192.0.2.1', 'abc123');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: lookupRateLimitMessage, code: 'RATE_LIMITED' });
    // Other references are not held by it.
    expect((await lookup(app, '192.0.2.1', 'XYZ789')).status).toBe(404);
  });

  it('limits lookups per address, whatever the reference', async () => {
    const app = createApp(testDeps(sql, { config: { trustProxy: true } }));
    for (let guess = 0; guess < LOOKUP_LIMIT_PER_ADDRESS; guess++) {
      expect((await lookup(app, '203.0.113.9', `REF${guess}`)).status).toBe(404);
    }
    expect((await lookup(app, '203.0.113.9', 'REFNEW')).status).toBe(429);
    expect((await lookup(app, '203.0.113.10', 'REFNEW')).status).toBe(404);
  });
});
