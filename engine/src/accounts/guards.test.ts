import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/errors.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { ensureBrand } from '../test-support/brands.js';
import { sqlBackends } from '../test-support/sql.js';
import { allow, requireUser } from './guards.js';
import { accountRoutes, accountsMiddleware } from './middleware.js';

describe('route guards', () => {
  let sql: SqlClient;
  let app: express.Express;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    await ensureBrand(sql, 'skyfares.com');
    const deps = testDeps(sql);
    const { accounts } = deps;
    const password = 'a-password';
    const base = { password, firstName: 'A', lastName: 'B' };
    await accounts.register('default', { ...base, username: 'traveller', email: 't@example.com' });
    await accounts.register('default', { ...base, username: 'brandadmin', email: 'b@example.com' }, { isAdmin: true });
    await accounts.register(
      'default',
      { ...base, username: 'root', email: 'r@example.com' },
      { isAdmin: true, isPlatformAdmin: true },
    );

    app = express();
    app.use('/api', express.json(), accountsMiddleware(deps));
    app.use('/api/auth', accountRoutes(deps));
    app.get('/api/mine', requireUser, (req, res) => void res.json({ id: req.user!.id }));
    app.get('/api/admin', allow('admin.sign-in'), (_req, res) => void res.json({ ok: true }));
    app.get('/api/platform', allow('settings.change-mode'), (_req, res) => void res.json({ ok: true }));
    app.use(errorHandler({ exposeStack: false }));

    for (const username of ['traveller', 'brandadmin', 'root']) {
      const response = await request(app).post('/api/auth/login').send({ username, password }).expect(200);
      cookies[username] = (response.headers['set-cookie'] as unknown as string[])
        .map((c) => c.split(';')[0])
        .join('; ');
    }
  });
  afterAll(async () => {
    await sql.close();
  });

  it('answers 401 "Not authenticated" to everyone signed out', async () => {
    for (const path of ['/api/mine', '/api/admin', '/api/platform']) {
      const response = await request(app).get(path).expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    }
  });

  it('lets users through requireUser, and only staff through allow(admin.sign-in)', async () => {
    await request(app).get('/api/mine').set('Cookie', cookies.traveller!).expect(200);
    const forbidden = await request(app).get('/api/admin').set('Cookie', cookies.traveller!).expect(403);
    expect(forbidden.body.message).toBe('Admin access required');
    await request(app).get('/api/admin').set('Cookie', cookies.brandadmin!).expect(200);
    await request(app).get('/api/admin').set('Cookie', cookies.root!).expect(200);
  });

  it('keeps a platform action to platform admins', async () => {
    const refused = await request(app).get('/api/platform').set('Cookie', cookies.brandadmin!).expect(403);
    expect(refused.body.message).toBe('Platform admin access required');
    await request(app).get('/api/platform').set('Cookie', cookies.root!).expect(200);
  });

  it('lets a platform admin sign in on any brand, where the session then belongs', async () => {
    const response = await request(app)
      .post('/api/auth/login')
      .set('X-Brand-Key', 'skyfares.com')
      .send({ username: 'root', password: 'a-password' })
      .expect(200);
    expect(response.body.user.isAdmin).toBe(true);
    const cookie = (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    await request(app).get('/api/platform').set('X-Brand-Key', 'skyfares.com').set('Cookie', cookie).expect(200);
    await request(app).get('/api/platform').set('Cookie', cookie).expect(401);
    await request(app)
      .post('/api/auth/login')
      .set('X-Brand-Key', 'skyfares.com')
      .send({ username: 'brandadmin', password: 'a-password' })
      .expect(401);
  });
});
