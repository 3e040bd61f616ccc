import { DEFAULT_BRAND, DEFAULT_BRAND_KEY, type Brand } from '@contrail/shared';

/** Brand configurations by key, as the storefront loads them on start-up. */
export interface BrandDirectory {
  find(key: string): Promise<Brand | undefined>;
  /** A disabled brand: its domain shows a neutral "not available" page, never another brand. */
  isDisabled?(key: string): Promise<boolean>;
}

/** Where stored brands come from (the admin's brands table). */
export interface StoredBrands {
  findActive(key: string): Promise<Brand | undefined>;
  isDisabled?(key: string): Promise<boolean>;
}

/** Stored brands first; the built-in default brand when `default` has no stored configuration. */
export function brandDirectory(stored?: StoredBrands): BrandDirectory {
  return {
    async find(key) {
      const found = stored ? await stored.findActive(key) : undefined;
      if (found) return found;
      return key === DEFAULT_BRAND_KEY ? DEFAULT_BRAND : undefined;
    },
    // Asked only when find found nothing (rare): not cached.
    isDisabled: async (key) => (await stored?.isDisabled?.(key)) ?? false,
  };
}
