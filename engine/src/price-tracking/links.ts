import { trackedSearchPath } from '@contrail/shared/price-tracking/tracked-search-view';
import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';
import { linkToken } from './tokens.js';

/** On localhost or one-word hosts the storefront learns the brand from `?brand=` (README, Brands). */
const withBrand = (url: string, brandKey: string) =>
  brandKey === DEFAULT_BRAND_KEY ? url : `${url}${url.includes('?') ? '&' : '?'}brand=${encodeURIComponent(brandKey)}`;

export interface AlertLinks {
  search(departureDate: string | null): string;
  confirm: string;
  unsubscribe: string;
}

/** The links an alert's emails carry: the search to run, and the confirm and unsubscribe actions with their token. */
export function alertLinks(
  baseUrl: string,
  linkKey: Buffer,
  alert: { trackingId: string; brandKey: string; search: TrackedSearch },
): AlertLinks {
  const base = baseUrl.replace(/\/$/, '');
  const token = encodeURIComponent(linkToken(linkKey, alert.trackingId));
  const action = (name: string) => `${base}/api/price-tracking/${alert.trackingId}/${name}?token=${token}`;
  return {
    search: (departureDate) => withBrand(`${base}${trackedSearchPath(alert.search, departureDate)}`, alert.brandKey),
    confirm: action('confirm'),
    unsubscribe: action('unsubscribe'),
  };
}

/** RFC 8058: mail clients show an unsubscribe button that POSTs to the link, with no page in between. */
export const oneClickHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
