import type { CabinClass } from '@contrail/shared/search/cabin';

/**
 * An offer request travels inside its ids (`orq_...`, `off_..._N`), so any engine instance can
 * regenerate the same offers without shared state, and a restart loses nothing.
 */
export interface SandboxSearch {
  createdAtMs: number;
  nonce: string;
  cabin: CabinClass;
  maxConnections: number;
  /** 'adult' or an age in years, per passenger. */
  passengers: Array<'adult' | number>;
  slices: Array<{ origin: string; destination: string; departureDate: string }>;
}

const CABIN_CODES: Record<CabinClass, string> = { economy: 'e', premium_economy: 'w', business: 'c', first: 'f' };
const CABIN_BY_CODE = Object.fromEntries(Object.entries(CABIN_CODES).map(([cabin, code]) => [code, cabin])) as Record<
  string,
  CabinClass
>;

export function encodeSearch(search: SandboxSearch): string {
  const text = [
    '1',
    Math.floor(search.createdAtMs / 1000).toString(36),
    search.nonce,
    CABIN_CODES[search.cabin],
    search.maxConnections,
    search.passengers.map((p) => (p === 'adult' ? 'a' : String(p))).join('.'),
    search.slices.map((s) => `${s.origin}${s.destination}${s.departureDate.replaceAll('-', '')}`).join('.'),
  ].join('~');
  return Buffer.from(text).toString('base64url');
}

export function decodeSearch(encoded: string): SandboxSearch | undefined {
  if (!/^[\w-]{10,180}$/.test(encoded)) return undefined;
  const parts = Buffer.from(encoded, 'base64url').toString('utf8').split('~');
  if (parts.length !== 7 || parts[0] !== '1') return undefined;
  const [, created, nonce, cabinCode, maxConnections, passengers, slices] = parts as [string, ...string[]];
  const cabin = CABIN_BY_CODE[cabinCode!];
  const sliceList = slices!.split('.').map((text) => {
    const match = /^([A-Z]{3})([A-Z]{3})(\d{4})(\d{2})(\d{2})$/.exec(text);
    return match
      ? { origin: match[1]!, destination: match[2]!, departureDate: `${match[3]}-${match[4]}-${match[5]}` }
      : undefined;
  });
  const passengerList = passengers!.split('.').map((p) => (p === 'a' ? ('adult' as const) : Number(p)));
  if (!cabin || sliceList.some((s) => !s) || passengerList.some((p) => p !== 'adult' && !Number.isInteger(p)))
    return undefined;
  return {
    createdAtMs: parseInt(created!, 36) * 1000,
    nonce: nonce!,
    cabin,
    maxConnections: Number(maxConnections),
    passengers: passengerList,
    slices: sliceList as SandboxSearch['slices'],
  };
}

export const offerRequestId = (encoded: string) => `orq_${encoded}`;
export const offerId = (encoded: string, index: number) => `off_${encoded}_${index}`;

export function parseOfferRequestId(id: string): string | undefined {
  return id.startsWith('orq_') ? id.slice(4) : undefined;
}

export function parseOfferId(id: string): { encoded: string; index: number } | undefined {
  const match = /^off_([\w-]+)_(\d{1,3})$/.exec(id);
  return match ? { encoded: match[1]!, index: Number(match[2]) } : undefined;
}
