import { DEFAULT_BRAND_KEY } from '@contrail/shared/brand/default-brand';
import { brandKeyFromLocation, choosesBrandByQuery } from '@contrail/shared/brand/brand-key';

/** Where a tab keeps its `?brand=` choice, so reloads and full-page links stay on that brand. */
export const BRAND_SESSION_KEY = 'brandKey';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Seed 000 §7's brand key at start-up: from the host name, or on localhost and IP addresses from
 * `?brand=`, remembered for the tab (the seed's key rule allows it; navigation drops the query).
 */
export function readStartupBrandKey(location: Pick<Location, 'hostname' | 'search'> = window.location): string {
  // A brand's own domain names the brand: the tab's storage, a synchronous call, is not opened at start-up.
  if (!choosesBrandByQuery(location.hostname)) return brandKeyFromLocation(location.hostname);
  const storage = session();
  const key = brandKeyFromLocation(location.hostname, location.search, storage?.getItem(BRAND_SESSION_KEY) ?? null);
  if (new URLSearchParams(location.search).has('brand')) {
    try {
      storage?.setItem(BRAND_SESSION_KEY, key);
    } catch {
      // Storage switched off: the brand lasts until the next full page load.
    }
  }
  return key;
}

export const startupBrandKey = typeof window === 'undefined' ? DEFAULT_BRAND_KEY : readStartupBrandKey();

let requestKey = startupBrandKey;

/**
 * The key every API call sends as X-Brand-Key: the engine keeps users, sessions and bookings to
 * their brand. Once the brand is loaded it is the brand's own key (a brand found by its domain
 * may have another key than the host name).
 */
export function requestBrandKey(): string {
  return requestKey;
}

export function setRequestBrandKey(key: string): void {
  requestKey = key;
}
