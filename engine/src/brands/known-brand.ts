import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import { HttpError } from '../http/errors.js';
import type { BrandStore } from './brand-store.js';

/**
 * A brand a brand-scoped admin call names, when it exists (disabled ones too: their bookings stay);
 * otherwise a 400 that says so, where an empty answer would read as "nothing matches".
 */
export async function knownBrand(store: BrandStore, key: string): Promise<string> {
  if (key === DEFAULT_BRAND_KEY || (await store.get(key))) return key;
  throw new HttpError(400, `Unknown brand ${key}`, 'UNKNOWN_BRAND');
}
