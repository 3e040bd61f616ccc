/** Header links of seed 001 §2. `match` lists path prefixes that also mark the link active. */
export const NAV_LINKS = [
  { to: '/', label: 'Flights', match: ['/search', '/flight', '/booking'] },
  { to: '/my-trips', label: 'My Trips', match: [] },
  { to: '/about', label: 'About', match: [] },
  { to: '/support', label: 'Support', match: [] },
] as const;

export function isActiveLink(link: (typeof NAV_LINKS)[number], pathname: string): boolean {
  if (link.to === '/') return pathname === '/' || link.match.some((prefix) => pathname.startsWith(prefix));
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}

export { telHref } from '@contrail/shared/brand/first-paint';
