/**
 * The storefront's pages (seed 001 §2), in one place: the storefront routes them, the engine
 * answers 200 for them and 404 for any other path, and lists the public ones in the sitemap.
 */

/** Public pages worth indexing: the sitemap lists them. */
export const PUBLIC_PAGES = [
  '/',
  '/phone-agents',
  '/about',
  '/support',
  '/faq',
  '/contact',
  '/privacy',
  '/terms',
  '/cookies',
  '/cancellation-policy',
] as const;

/** Pages that exist but are per visitor (results, booking, account, admin) or aliases: never indexed. */
export const PRIVATE_PAGES = [
  '/search',
  '/flight',
  '/booking',
  '/my-trips',
  '/login',
  '/register',
  '/account-settings',
  '/admin-settings',
  '/admin/brands',
  '/admin/support',
  '/admin/inbox',
  '/admin/revenue',
  '/admin/staff',
  '/admin/webhooks',
  '/admin/invitation',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/airlines',
  '/shared-trip',
] as const;

/** `/flight/{offer id}`: the one page with a parameter. */
const FLIGHT_DETAILS = /^\/flight\/[^/]+$/;

const KNOWN = new Set<string>([...PUBLIC_PAGES, ...PRIVATE_PAGES]);

/** Whether the storefront has a page at this path (a trailing slash is the same page). */
export function isStorefrontPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(path) || FLIGHT_DETAILS.test(path);
}

/**
 * Paths crawlers are asked to leave alone: the API, a traveller's own pages and the admin. Results,
 * details and booking stay crawlable (a shared link to them is a page like any other), though the
 * sitemap does not list them.
 */
export const NOT_FOR_CRAWLERS = ['/api/', '/my-trips', '/account-settings', '/admin', '/shared-trip'];
