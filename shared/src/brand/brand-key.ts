import { DEFAULT_BRAND_KEY } from './default-brand.js';

/** What a disabled brand's domain says, in the API's 410 and on its neutral page. */
export const BRAND_UNAVAILABLE_MESSAGE = 'This site is not available';
/** The neutral page's title: no brand's name, not the platform's. */
export const BRAND_UNAVAILABLE_TITLE = 'Site not available';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** A brand key: a host name's letters, digits, dots and hyphens, starting and ending alphanumeric. */
export const BRAND_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;

function isIpAddress(host: string): boolean {
  return IPV4.test(host) || host.includes(':') || host.startsWith('[');
}

function cleanKey(raw: string | null | undefined): string | null {
  const key = (raw ?? '').trim().toLowerCase();
  return BRAND_KEY_PATTERN.test(key) ? key : null;
}

/** Localhost, an IP address or a single-label host: the brand is chosen with `?brand=`. */
export function choosesBrandByQuery(hostname: string): boolean {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return host === '' || host === 'localhost' || isIpAddress(host) || !host.includes('.');
}

/**
 * The brand key of seed 000 §7: the host name without a leading "www."; on localhost, an IP
 * address or a single-label host it is the `brand` query parameter, else the key this tab
 * remembered from an earlier `?brand=` (issue 20: a full page load keeps the brand), else "default".
 */
export function brandKeyFromLocation(hostname: string, search = '', remembered: string | null = null): string {
  if (choosesBrandByQuery(hostname)) {
    return cleanKey(new URLSearchParams(search).get('brand')) ?? cleanKey(remembered) ?? DEFAULT_BRAND_KEY;
  }
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return cleanKey(host.replace(/^www\./, '')) ?? DEFAULT_BRAND_KEY;
}
