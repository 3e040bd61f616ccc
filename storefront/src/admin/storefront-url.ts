import { choosesBrandByQuery } from '@contrail/shared/brand/brand-key';

/**
 * Where a brand's storefront opens from the admin pages: on a host that picks its brand with
 * `?brand=` (localhost, an IP address, a single-label host) this site with the key; elsewhere the
 * brand's own domain, over the same protocol.
 */
export function storefrontUrl(brand: { key: string; domain: string }, here: { hostname: string; protocol: string }) {
  if (choosesBrandByQuery(here.hostname) || !brand.domain) return `/?brand=${encodeURIComponent(brand.key)}`;
  return `${here.protocol}//${brand.domain}/`;
}
