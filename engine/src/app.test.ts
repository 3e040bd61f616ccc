import { writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp } from './admin/test-support/admin-app.js';
import { createApp } from './app.js';
import type { SqlClient } from './storage/sql.js';
import { testDeps } from './test-support/app.js';
import { sqlBackends } from './test-support/sql.js';
import { temporaryDirectory } from './test-support/at-exit.js';

describe('the engine app', () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  it('answers /healthz and gives each response a request id', async () => {
    const response = await request(createApp(testDeps(sql)))
      .get('/healthz')
      .expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('keeps a well-formed incoming request id', async () => {
    const response = await request(createApp(testDeps(sql)))
      .get('/healthz')
      .set('X-Request-Id', 'abc-123');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('is ready when storage answers and not ready when a check fails, with details for admins only', async () => {
    const ready = await request(createApp(testDeps(sql)))
      .get('/readyz')
      .expect(200);
    expect(ready.body).toEqual({ status: 'ready' });

    const failing = await adminTestApp(sql, {
      readiness: [{ name: 'projections', check: async () => ({ ok: false, detail: 'lagging by 12 events' }) }],
    });
    const notReady = await request(failing.app).get('/readyz').expect(503);
    expect(notReady.body).toEqual({ status: 'not ready' });
    await request(failing.app).get('/api/admin/readiness').expect(401);
    await request(failing.app)
      .get('/api/admin/readiness')
      .set('Cookie', await failing.cookie('traveller'))
      .expect(403);
    const details = await request(failing.app)
      .get('/api/admin/readiness')
      .set('Cookie', await failing.cookie('brandadmin'))
      .expect(503);
    expect(details.body).toEqual({
      status: 'not ready',
      checks: {
        storage: { ok: true, detail: 'pglite' },
        projections: { ok: false, detail: 'lagging by 12 events' },
      },
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await request(createApp(testDeps(sql)))
      .get('/api/nothing-here')
      .expect(404);
    expect(response.body).toEqual({ message: 'No API route for GET /api/nothing-here', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON and bodies over the limit', async () => {
    const app = createApp(testDeps(sql, { config: { bodyLimit: '1kb' } }));
    const malformed = await request(app).post('/api/anything').set('Content-Type', 'application/json').send('{"a":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON');
    const large = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(2048) }));
    expect(large.status).toBe(413);
  });

  it('serves the placeholder page until the storefront is built, then the built app', async () => {
    const placeholder = await request(createApp(testDeps(sql, { config: { storefrontDir: undefined } }))).get(
      '/search',
    );
    expect(placeholder.text).toContain('storefront has not been built');

    const directory = temporaryDirectory('storefront');
    writeFileSync(path.join(directory, 'index.html'), '<div id="root">built app</div>');
    const app = createApp(testDeps(sql, { config: { storefrontDir: directory } }));
    expect((await request(app).get('/flight/off_123')).text).toContain('built app');
    expect((await request(app).get('/api/flights/nope')).status).toBe(404);
  });
});
