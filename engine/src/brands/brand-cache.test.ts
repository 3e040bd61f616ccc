import type { Brand } from '@contrail/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { eventually } from '../test-support/eventually.js';
import { serviceUrl } from '../test-support/services.js';
import { sqlBackends } from '../test-support/sql.js';
import { cachedBrands } from './brand-cache.js';
import { BrandStore } from './brand-store.js';
import { DEMO_BRANDS } from './demo-brands.js';

const admin = { id: 'u1', username: 'root' };

/** The store's lookups, counted. */
function counted(store: BrandStore) {
  let lookups = 0;
  return {
    lookups: () => lookups,
    findActive(key: string): Promise<Brand | undefined> {
      lookups += 1;
      return store.findActive(key);
    },
  };
}

describe.each(sqlBackends())('cached brands ($name)', (backend) => {
  let sql: SqlClient;
  let store: BrandStore;
  beforeAll(async () => {
    sql = await backend.open();
    store = new BrandStore(sql);
    await store.create(DEMO_BRANDS[0]!, admin, new Date());
  });
  afterAll(async () => {
    await sql.close();
  });

  it('looks a brand up once, and again after a change made in this process', async () => {
    const source = counted(store);
    const brands = cachedBrands(sql, source);
    const key = DEMO_BRANDS[0]!.key;
    // On a PostgreSQL server nothing is kept until the listening connection holds.
    await eventually(
      async () => {
        const before = source.lookups();
        await brands.findActive(key);
        return source.lookups() - before;
      },
      (lookedUp) => lookedUp === 0,
    );
    const kept = source.lookups();
    expect((await brands.findActive(key))?.name).toBe(DEMO_BRANDS[0]!.name);
    expect(source.lookups()).toBe(kept);

    // Another store on the same client (as the admin routes have) changes it: seen at once.
    const current = (await new BrandStore(sql).get(key))!;
    await new BrandStore(sql).update(current, { ...DEMO_BRANDS[0]!, name: 'Renamed' }, admin, new Date());
    expect((await brands.findActive(key))?.name).toBe('Renamed');
    await new BrandStore(sql).setDisabled((await store.get(key))!, true, admin, new Date());
    expect(await brands.findActive(key)).toBeUndefined();
    await store.setDisabled((await store.get(key))!, false, admin, new Date());
    expect((await brands.findActive(key))?.name).toBe('Renamed');
  });

  it('looks up again once the time to keep a lookup is over', async () => {
    const source = counted(store);
    const brands = cachedBrands(sql, source, 0);
    await brands.findActive(DEMO_BRANDS[0]!.key);
    await brands.findActive(DEMO_BRANDS[0]!.key);
    expect(source.lookups()).toBe(2);
  });
});

const url = serviceUrl('DATABASE_URL');

describe.runIf(url)('cached brands across processes on PostgreSQL', () => {
  const opened: SqlClient[] = [];
  let schema: string;
  beforeAll(async () => {
    const migrated = await sqlBackends()
      .find((backend) => backend.name === 'postgres')!
      .open();
    opened.push(migrated);
    schema = (await migrated.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
  });
  afterAll(async () => {
    for (const sql of opened) await sql.close();
  });

  it("forgets a brand when another process's change commits", async () => {
    const client = () => {
      const sql = openPostgres({ url: url!, schema, maxConnections: 2, listenRetryMs: { first: 20, max: 200 } });
      opened.push(sql);
      return sql;
    };
    const [engine, other] = [client(), client()];
    const brand = { ...DEMO_BRANDS[1]!, key: 'cross-process', domain: 'cross-process.example' };
    await new BrandStore(other).create(brand, admin, new Date());
    const source = counted(new BrandStore(engine));
    const brands = cachedBrands(engine, source);
    await eventually(
      async () => {
        const before = source.lookups();
        await brands.findActive(brand.key);
        return source.lookups() - before;
      },
      (lookedUp) => lookedUp === 0,
    );
    const current = (await new BrandStore(other).get(brand.key))!;
    await new BrandStore(other).update(current, { ...brand, name: 'Changed elsewhere' }, admin, new Date());
    const seen = await eventually(
      () => brands.findActive(brand.key),
      (found) => found?.name === 'Changed elsewhere',
    );
    expect(seen?.name).toBe('Changed elsewhere');
  });
});
