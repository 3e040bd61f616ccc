import type { CabinClass } from '@contrail/shared/search/cabin';
import { knownPlace } from './places.js';

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

const SLICE = /^([A-Z]{3})([A-Z]{3})(\d{4})(\d{2})(\d{2})$/;
const EARLIEST_SEARCH_MS = Date.parse('2020-01-01T00:00:00Z');
const LATEST_SEARCH_MS = Date.parse('2100-01-01T00:00:00Z');

/** A real calendar date ("2027-99-99" and "2026-02-30" are not). */
export function calendarDate(year: string, month: string, day: string): string | undefined {
  const text = `${year}-${month}-${day}`;
  const parsed = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== text ? undefined : text;
}

function decodeSlice(text: string): SandboxSearch['slices'][number] | undefined {
  const match = SLICE.exec(text);
  if (!match) return undefined;
  const [, origin, destination, year, month, day] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const departureDate = calendarDate(year, month, day);
  if (!departureDate || origin === destination || !knownPlace(origin) || !knownPlace(destination)) return undefined;
  return { origin, destination, departureDate };
}

function decodePassenger(text: string): 'adult' | number | undefined {
  if (text === 'a') return 'adult';
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const age = Number(text);
  return age <= 130 ? age : undefined;
}

/**
 * The search an offer or offer-request id carries, or undefined for anything this sandbox did not
 * write: ids come from clients, so every part is checked (dates, airports, passengers, bounds).
 */
export function decodeSearch(encoded: string): SandboxSearch | undefined {
  if (!/^[\w-]{10,180}$/.test(encoded)) return undefined;
  const parts = Buffer.from(encoded, 'base64url').toString('utf8').split('~');
  if (parts.length !== 7 || parts[0] !== '1') return undefined;
  const [, created, nonce, cabinCode, connections, passengerText, sliceText] = parts as [string, ...string[]];
  const cabin = CABIN_BY_CODE[cabinCode!];
  const createdAtMs = /^[0-9a-z]{1,9}$/.test(created!) ? parseInt(created!, 36) * 1000 : NaN;
  const maxConnections = Number(connections);
  const slices = sliceText!.split('.').map(decodeSlice);
  const passengers = passengerText!.split('.').map(decodePassenger);
  const valid =
    cabin !== undefined &&
    /^[0-9a-f]{8}$/.test(nonce!) &&
    createdAtMs >= EARLIEST_SEARCH_MS &&
    createdAtMs < LATEST_SEARCH_MS &&
    [0, 1, 2].includes(maxConnections) &&
    slices.length >= 1 &&
    slices.length <= 4 &&
    slices.every((slice) => slice !== undefined) &&
    passengers.length >= 1 &&
    passengers.length <= 9 &&
    passengers.every((passenger) => passenger !== undefined);
  if (!valid) return undefined;
  return {
    createdAtMs,
    nonce: nonce!,
    cabin,
    maxConnections,
    passengers: passengers as SandboxSearch['passengers'],
    slices: slices as SandboxSearch['slices'],
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
