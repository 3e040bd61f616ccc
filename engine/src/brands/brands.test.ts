import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { BrandStore } from './brand-store.js';
import { DEMO_BRANDS, seedDemoBrands } from './demo-brands.js';

const silent = pino({ level: 'silent' });
const admin = { id: 'u1', username: 'root' };

describe.each(sqlBackends())('public brands ($name)', (backend) => {
  let sql: SqlClient;
  let store: BrandStore;
  const brand = (keyOrDomain: string) => request(createApp(testDeps(sql))).get(`/api/brands/${keyOrDomain}`);

  beforeAll(async () => {
    sql = await backend.open();
    store = new BrandStore(sql);
  });
  afterAll(async () => {
    await sql.close();
  });

  it('seeds two distinct demo brands once, reachable by key (?brand=) and by domain', async () => {
    expect(await seedDemoBrands(store, silent)).toEqual(['skyhop', 'nordlys']);
    expect(await seedDemoBrands(store, silent)).toEqual([]);
    const [skyhop, nordlys] = DEMO_BRANDS;
    for (const field of ['name', 'domain', 'logo', 'pricing'] as const) {
      expect(skyhop![field]).not.toEqual(nordlys![field]);
    }
    expect(skyhop!.theme.primary).not.toBe(nordlys!.theme.primary);
    expect(skyhop!.theme.font).not.toBe(nordlys!.theme.font);
    expect(skyhop!.contact.phone).not.toBe(nordlys!.contact.phone);
    expect((await brand('skyhop').expect(200)).body).toEqual(skyhop);
    expect((await brand('nordlys.example').expect(200)).body).toEqual(nordlys);
    expect((await store.history('skyhop'))[0]).toMatchObject({ action: 'created', by: 'demo-brand-seed' });
  });

  it('never overwrites a brand that already has a demo key', async () => {
    const edited = { ...DEMO_BRANDS[0]!, name: 'SkyHop, renamed by an admin' };
    const other = await store.get('skyhop');
    await store.update(other!, edited, admin, new Date());
    await seedDemoBrands(store, silent);
    expect((await brand('skyhop').expect(200)).body.name).toBe('SkyHop, renamed by an admin');
  });

  it('finds a brand by its domain when the host name is not its key, with or without www., but not when disabled', async () => {
    const created = await store.create(
      { ...DEMO_BRANDS[0]!, key: 'acme-travel', domain: 'www.acme-travel.test' },
      admin,
      new Date(),
    );
    expect((await brand('acme-travel.test').expect(200)).body.key).toBe('acme-travel');
    expect((await brand('www.acme-travel.test').expect(200)).body.key).toBe('acme-travel');
    await store.setDisabled(created, true, admin, new Date());
    // Gone: the storefront shows its neutral "not available" page, never the platform's brand.
    await brand('acme-travel.test').expect(410);
    await brand('nowhere.test').expect(404);
  });
});
