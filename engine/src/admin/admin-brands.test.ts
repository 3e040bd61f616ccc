import { DEFAULT_BRAND, type Brand } from '@contrail/shared';
import { brandListSchema } from '@contrail/shared/admin/brands';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandStore } from '../brands/brand-store.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { sqlBackends } from '../test-support/sql.js';
import { adminTestApp, type AdminTestApp, type TestUser } from './test-support/admin-app.js';

const skyfares: Brand = {
  ...DEFAULT_BRAND,
  key: 'skyfares.com',
  name: 'SkyFares',
  domain: 'SkyFares.com',
  theme: { ...DEFAULT_BRAND.theme, primary: '#1d4ed8' },
};

describe.each(sqlBackends())('brand management ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;
  let clock: ManualClock;

  const as = async (user: TestUser, method: 'get' | 'post' | 'patch', path: string, body?: object) => {
    const agent = request(engine.app);
    const call = agent[method](path).set('Cookie', await engine.cookie(user));
    if (user === 'skyadmin') call.set('X-Brand-Key', 'skyfares.com');
    return body ? call.send(body) : call;
  };

  beforeAll(async () => {
    sql = await backend.open();
    clock = new ManualClock('2026-11-22T12:00:00Z');
    engine = await adminTestApp(sql, { clock });
  });
  afterAll(async () => {
    await sql.close();
  });

  it("creates a brand (pricing defaulting to the seed's x 1.23, domain folded to lower case)", async () => {
    const { pricing: _omitted, ...withoutMarkup } = skyfares;
    const response = await as('root', 'post', '/api/admin/brands', withoutMarkup);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      key: 'skyfares.com',
      name: 'SkyFares',
      domain: 'skyfares.com',
      pricing: DEFAULT_PRICING,
      disabled: false,
      version: 1,
      createdAt: '2026-11-22T12:00:00.000Z',
    });
  });

  it('answers 400 naming the field for bad colours, keys and markups, creating nothing', async () => {
    const cases: Array<[object, string]> = [
      [
        { ...skyfares, key: 'other.com', domain: 'other.com', theme: { ...skyfares.theme, accent: 'teal' } },
        'theme.accent',
      ],
      [{ ...skyfares, key: 'Not A Key', domain: 'x.com' }, 'key'],
      [{ ...skyfares, key: 'default', domain: 'x.com' }, 'key'],
      [
        {
          ...skyfares,
          key: 'x.com',
          domain: 'x.com',
          pricing: { ...DEFAULT_PRICING, fallback: { percent: -50, fixed: 0, per: 'booking' } },
        },
        'pricing.fallback.percent',
      ],
      [
        { ...skyfares, key: 'x.com', domain: 'x.com', contact: { ...skyfares.contact, email: 'nope' } },
        'contact.email',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await as('root', 'post', '/api/admin/brands', body);
      expect(response.status, field).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(field);
      expect(response.body.message).toContain(field);
    }
    expect(
      (
        await as('root', 'post', '/api/admin/brands', {
          ...skyfares,
          key: 'x.com',
          theme: { ...skyfares.theme, text: '#12345' },
        })
      ).body.message,
    ).toBe('Invalid request: theme.text: Colour must be a hex value like #008870');
    const list = await as('root', 'get', '/api/admin/brands');
    expect(answerOf(brandListSchema, list).brands.map((brand) => brand.key)).toEqual(['skyfares.com']);
  });

  it('answers 400 naming each field that would carry script, markup or CSS to the storefront, storing nothing', async () => {
    const hostile = {
      ...skyfares,
      key: 'hostile.example',
      name: '<img src=x onerror=alert(1)>',
      domain: 'evil.example"><script>alert(1)</script>',
      logo: 'data:image/svg+xml,<svg onload=alert(1)>',
      theme: { ...skyfares.theme, font: 'Inter; } body { background: url(https://evil.example/x)' },
      contact: { ...skyfares.contact, phone: '1-800\u202E', address: '<b>1 Main St</b>' },
      social: { facebook: 'javascript:alert(1)', twitter: 'http://x.com/sky', instagram: '//evil.example' },
    };
    const response = await as('root', 'post', '/api/admin/brands', hostile);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'contact.address',
      'contact.phone',
      'domain',
      'logo',
      'name',
      'social.facebook',
      'social.instagram',
      'social.twitter',
      'theme.font',
    ]);
    const javascriptLogo = await as('root', 'post', '/api/admin/brands', {
      ...skyfares,
      key: 'hostile.example',
      domain: 'hostile.example',
      logo: 'javascript:alert(1)',
    });
    expect(javascriptLogo.body.errors).toEqual([
      { path: 'logo', message: 'Logo must be an https:// address or a path on this site like /brand-logos/logo.svg' },
    ]);
    const list = await as('root', 'get', '/api/admin/brands');
    expect(answerOf(brandListSchema, list).brands.map((brand) => brand.key)).toEqual(['skyfares.com']);
  });

  it('keeps keys and domains unique', async () => {
    const sameKey = await as('root', 'post', '/api/admin/brands', { ...skyfares, domain: 'elsewhere.com' });
    expect(sameKey.status).toBe(409);
    expect(sameKey.body).toMatchObject({ message: 'A brand with this key already exists', code: 'DUPLICATE_BRAND' });
    const sameDomain = await as('root', 'post', '/api/admin/brands', {
      ...skyfares,
      key: 'cheapjets.com',
      domain: 'SKYFARES.COM',
    });
    expect(sameDomain.status).toBe(409);
    expect(sameDomain.body.errors).toEqual([{ path: 'domain', message: 'Another brand already uses this domain' }]);

    await as('root', 'post', '/api/admin/brands', { ...skyfares, key: 'cheapjets.com', domain: 'cheapjets.com' }).then(
      (r) => expect(r.status).toBe(201),
    );
    const update = await as('root', 'patch', '/api/admin/brands/cheapjets.com', { domain: 'skyfares.com' });
    expect(update.status).toBe(409);
    expect(update.body.errors[0].path).toBe('domain');
  });

  it('updates only the fields given, validating the merged brand', async () => {
    clock.advance(60_000);
    const response = await as('root', 'patch', '/api/admin/brands/skyfares.com', {
      name: 'SkyFares Travel',
      theme: { accent: '#f59e0b' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'SkyFares Travel',
      theme: { ...skyfares.theme, accent: '#f59e0b' },
      contact: skyfares.contact,
      version: 2,
      updatedAt: '2026-11-22T12:01:00.000Z',
    });
    const bad = await as('root', 'patch', '/api/admin/brands/skyfares.com', { theme: { primary: 'blue' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid request: theme.primary: Colour must be a hex value like #008870');
    const rename = await as('root', 'patch', '/api/admin/brands/skyfares.com', { key: 'other' });
    expect(rename.status).toBe(400);
    expect(rename.body.errors).toEqual([{ path: 'key', message: 'A brand key cannot be changed' }]);
    expect((await as('root', 'patch', '/api/admin/brands/skyfares.com', [1])).status).toBe(400);
    expect((await as('root', 'get', '/api/admin/brands/skyfares.com')).body.version).toBe(2);
  });

  it('records who changed what and when, in order', async () => {
    clock.advance(60_000);
    await as('root', 'post', '/api/admin/brands/skyfares.com/disable').then((r) => expect(r.body.disabled).toBe(true));
    await as('root', 'post', '/api/admin/brands/skyfares.com/enable').then((r) => expect(r.body.disabled).toBe(false));
    // No change, no record.
    await as('root', 'patch', '/api/admin/brands/skyfares.com', { name: 'SkyFares Travel' }).then((r) =>
      expect(r.status).toBe(200),
    );

    const response = await as('root', 'get', '/api/admin/brands/skyfares.com/history');
    const changes = response.body.changes as Array<{
      action: string;
      version: number;
      by: string;
      at: string;
      changes: object;
    }>;
    expect(changes.map(({ action, version, by, at }) => [action, version, by, at])).toEqual([
      ['created', 1, 'root', '2026-11-22T12:00:00.000Z'],
      ['updated', 2, 'root', '2026-11-22T12:01:00.000Z'],
      ['disabled', 3, 'root', '2026-11-22T12:02:00.000Z'],
      ['enabled', 4, 'root', '2026-11-22T12:02:00.000Z'],
    ]);
    expect(changes[1]!.changes).toEqual({
      name: { from: 'SkyFares', to: 'SkyFares Travel' },
      'theme.accent': { from: '#00ffcc', to: '#f59e0b' },
    });
    expect(changes[0]!.changes).toMatchObject({ name: { from: null, to: 'SkyFares' } });
  });

  it('lets a brand admin see and edit only their own brand, and not create or disable brands', async () => {
    const list = await as('skyadmin', 'get', '/api/admin/brands');
    expect(list.body.brands.map((brand: Brand) => brand.key)).toEqual(['skyfares.com']);
    expect((await as('skyadmin', 'get', '/api/admin/brands/cheapjets.com')).status).toBe(404);
    expect((await as('skyadmin', 'patch', '/api/admin/brands/cheapjets.com', { name: 'Mine' })).status).toBe(404);
    const own = await as('skyadmin', 'patch', '/api/admin/brands/skyfares.com', {
      logo: 'https://skyfares.com/logo.svg',
    });
    expect(own.status).toBe(200);
    const history = await as('skyadmin', 'get', '/api/admin/brands/skyfares.com/history');
    expect(history.body.changes.at(-1)).toMatchObject({ by: 'skyadmin', action: 'updated' });

    const create = await as('skyadmin', 'post', '/api/admin/brands', {
      ...skyfares,
      key: 'mine.com',
      domain: 'mine.com',
    });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Platform admin access required');
    expect((await as('skyadmin', 'post', '/api/admin/brands/skyfares.com/disable')).status).toBe(403);
    expect((await as('brandadmin', 'get', '/api/admin/brands')).body.brands).toEqual([]);
  });

  it('shows changes on the public GET /api/brands/:key at once, and hides a disabled brand', async () => {
    const publicBrand = () => request(engine.app).get('/api/brands/skyfares.com');
    await as('root', 'patch', '/api/admin/brands/skyfares.com', {
      name: 'SkyFares Live',
      theme: { primary: '#0f766e' },
    });
    const seen = await publicBrand().expect(200);
    expect(seen.body).toMatchObject({ key: 'skyfares.com', name: 'SkyFares Live', theme: { primary: '#0f766e' } });
    expect(seen.body).not.toHaveProperty('version');
    await as('root', 'post', '/api/admin/brands/skyfares.com/disable');
    // Gone, not unknown: the storefront shows its domain a neutral page, not the default brand.
    expect((await publicBrand().expect(410)).body).toMatchObject({ message: 'This site is not available' });
    await request(engine.app).get('/api/brands/nowhere.example').expect(404);
    await as('root', 'post', '/api/admin/brands/skyfares.com/enable');
    await publicBrand().expect(200);
    const builtIn = await request(engine.app).get('/api/brands/default').expect(200);
    expect(builtIn.body).toEqual(DEFAULT_BRAND);
  });

  it('answers 404 for a brand that does not exist', async () => {
    const response = await as('root', 'get', '/api/admin/brands/nowhere.com');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Brand not found: nowhere.com');
  });

  it('keeps a font saved before the bundled list while it is unchanged, never one that is not a family name', async () => {
    const stored = new BrandStore(sql);
    const seed = { id: 'system', username: 'before-the-font-list' };
    const withFont = (key: string, font: string) =>
      stored.create({ ...skyfares, key, domain: key, theme: { ...skyfares.theme, font } }, seed, clock.now());
    await withFont('georgia.example', 'Georgia');
    const renamed = await as('root', 'patch', '/api/admin/brands/georgia.example', { name: 'Georgia Air' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.theme.font).toBe('Georgia');
    const otherFont = await as('root', 'patch', '/api/admin/brands/georgia.example', { theme: { font: 'Arial' } });
    expect(otherFont.body.errors).toEqual([
      { path: 'theme.font', message: 'Font must be one of Inter, Lora, Montserrat' },
    ]);

    await withFont('css.example', 'Inter; } body { display: none');
    const css = await as('root', 'patch', '/api/admin/brands/css.example', { name: 'Css Air' });
    expect(css.status).toBe(400);
    expect(css.body.errors.map((error: { path: string }) => error.path)).toEqual(['theme.font']);
  });
});
