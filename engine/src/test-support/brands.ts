import { DEFAULT_BRAND, DEFAULT_BRAND_KEY } from '@contrail/shared';
import { BrandStore } from '../brands/brand-store.js';
import type { SqlClient } from '../storage/sql.js';

const FIXTURE = { id: 'test-fixture', username: 'test-fixture' };

/**
 * Stores a brand of this key (the default brand's look) unless one exists: a test that signs in
 * on a brand needs it to exist, as the engine refuses calls on a brand that does not (UNKNOWN_BRAND).
 */
export async function ensureBrand(sql: SqlClient, key: string): Promise<void> {
  if (key === DEFAULT_BRAND_KEY) return;
  const store = new BrandStore(sql);
  if (await store.get(key)) return;
  await store.create({ ...DEFAULT_BRAND, key, name: key, domain: '' }, FIXTURE, new Date());
}
