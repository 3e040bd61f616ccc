import type { Brand } from '@contrail/shared';
import { LRUCache } from 'lru-cache';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import type { StoredBrands } from './brand-directory.js';

/** Where brand changes are announced to other processes (LISTEN/NOTIFY on a PostgreSQL server). */
export const BRANDS_CHANNEL = 'contrail_brands';

/** A cached brand is looked up again after this long at the latest (a notification lost with its connection). */
export const BRAND_TTL_MS = 30_000;

/** Lookups kept at most, the least recently used forgotten first (they are by host name too, which any request can make up). */
const MAX_KEPT = 1_000;

/** This process's caches of the brands stored through one SqlClient, emptied when a brand changes here. */
const caches = new WeakMap<SqlClient, Set<() => void>>();

/**
 * To call inside the transaction that changes a brand: other processes hear of it when it commits
 * (PostgreSQL delivers a NOTIFY only then). The embedded database has no other process.
 */
export async function announceBrandChange(sql: SqlClient, tx: SqlExecutor): Promise<void> {
  if (sql.listen) await tx.query('SELECT pg_notify($1, $2)', [BRANDS_CHANNEL, 'changed']);
}

/** To call once a brand change has committed: this process's caches forget every brand. */
export function brandChanged(sql: SqlClient): void {
  for (const forget of caches.get(sql) ?? []) forget();
}

/**
 * Brands change rarely and are looked up on every booking step, so lookups are kept: until a brand
 * changes (here, or in another process as heard through LISTEN), and BRAND_TTL_MS at most. On a
 * PostgreSQL server nothing is kept before the listening connection holds, so no change can go unheard.
 */
export function cachedBrands(sql: SqlClient, stored: StoredBrands, ttlMs = BRAND_TTL_MS): StoredBrands {
  // lru-cache reads a ttl of 0 as "for ever": a time of 0 keeps nothing.
  if (ttlMs <= 0) return stored;
  const kept = new LRUCache<string, Promise<Brand | undefined>>({ max: MAX_KEPT, ttl: ttlMs });
  const forget = () => kept.clear();
  const own = caches.get(sql) ?? new Set<() => void>();
  caches.set(sql, own);
  own.add(forget);
  let hearing = sql.listen === undefined;
  let listening = false;

  function listen(): void {
    if (listening || !sql.listen) return;
    listening = true;
    sql.listen(BRANDS_CHANNEL, {
      onNotification: forget,
      // Changes made while the connection was down went unheard.
      onConnected() {
        forget();
        hearing = true;
      },
    });
  }

  return {
    findActive(keyOrDomain) {
      listen();
      if (!hearing) return stored.findActive(keyOrDomain);
      const found = kept.get(keyOrDomain);
      if (found) return found;
      const brand = stored.findActive(keyOrDomain);
      kept.set(keyOrDomain, brand);
      // A failed lookup is not kept.
      brand.catch(() => {
        if (kept.peek(keyOrDomain) === brand) kept.delete(keyOrDomain);
      });
      return brand;
    },
  };
}
