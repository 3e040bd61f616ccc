import { currencyDecimals } from '../booking/money.js';
import { customerAmount, type PricedOffer, type PricingContext } from '../pricing/price-offer.js';
import { formatDatePattern } from './date-pattern.js';
import { parseWallClock } from './wall-clock.js';

/** Seed 000 §8: what any formatter shows when its input is missing or unreadable. */
export const NOT_AVAILABLE = 'N/A';
export const DEFAULT_CURRENCY = 'USD';

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+(?:\.\d+)?S)?)?$/;

/** Whole minutes of an ISO 8601 duration such as "PT7H5M" or "P1DT2H"; null when unreadable. */
export function durationMinutes(duration: string | null | undefined): number | null {
  if (!duration) return null;
  const match = ISO_DURATION.exec(duration.trim());
  if (!match || duration.trim() === 'P' || duration.trim().endsWith('T')) return null;
  const [days, hours, minutes] = [match[1], match[2], match[3]].map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
  ];
  return days * 1440 + hours * 60 + minutes;
}

/** Seed 000 §9: "{h}h {m}m", minutes omitted when 0; "N/A" when missing or unreadable. */
export function formatMinutes(total: number | null): string {
  if (total === null || !Number.isFinite(total) || total < 0) return NOT_AVAILABLE;
  const hours = Math.floor(total / 60);
  const minutes = Math.round(total % 60);
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`;
}

export function formatDuration(duration: string | null | undefined): string {
  return formatMinutes(durationMinutes(duration));
}

/**
 * Airport times arrive as local wall-clock text ("2026-12-20T18:05:00"); parsing them without an
 * offset and formatting them back keeps that wall clock whatever the viewer's time zone is.
 */
function parseDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseWallClock(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatWith(pattern: string) {
  return (value: string | Date | null | undefined): string => {
    const date = parseDate(value);
    return date ? formatDatePattern(date, pattern) : NOT_AVAILABLE;
  };
}

/** 24-hour "HH:mm" (seed 000 §9). */
export const formatTime = formatWith('HH:mm');
/** "EEE, MMM d", e.g. "Sun, Dec 20". */
export const formatDate = formatWith('EEE, MMM d');
/** "MM/dd/yyyy". */
export const formatShortDate = formatWith('MM/dd/yyyy');
/** "MMMM do, y", e.g. "December 20th, 2026": every long date (confirmation, account, trips). */
export const formatLongDate = formatWith('MMMM do, y');

const priceFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per currency and decimals: building one costs far more than using it, and a results page shows hundreds of prices. */
function priceFormat(currency: string, digits: number): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let found = priceFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    priceFormats.set(key, found);
  }
  return found;
}

/**
 * en-US's signs for the currencies offers mostly come in, as Intl.NumberFormat writes them (a test
 * holds each to it). A page's first Intl.NumberFormat starts ICU's number formatting: 30–60 ms on
 * a desktop core, several times that on a phone, inside the task that renders the first prices.
 * Whole amounts in these currencies are written without it.
 */
const CURRENCY_SIGNS = new Map([
  ['USD', '$'],
  ['EUR', '€'],
  ['GBP', '£'],
  ['JPY', '¥'],
  ['CAD', 'CA$'],
  ['AUD', 'A$'],
]);

/** A whole amount as Intl writes it in en-US ("$2,182", "-€40"); null when only Intl knows how. */
function wholeAmount(value: number, currency: string): string | null {
  const sign = CURRENCY_SIGNS.get(currency);
  if (sign === undefined || !Number.isSafeInteger(value)) return null;
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${sign}${grouped}`;
}

/**
 * A price in en-US currency format, the one rule for every amount shown: whole units, as seed 000
 * §9 says ($2,182: issue 33 item 3, priceOffer makes every price whole), and an amount that is not
 * whole (an airline's penalty, a partial refund) in its currency's own decimals ($86.40), never
 * rounded away from what moves. Seed 000 §8: a missing price or currency shows "N/A"; a
 * non-number "{currency} N/A".
 */
export function formatPrice(amount: number | string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '' || !currency) return NOT_AVAILABLE;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `${currency} ${NOT_AVAILABLE}`;
  const whole = wholeAmount(value, currency);
  if (whole !== null) return whole;
  try {
    return priceFormat(currency, Number.isInteger(value) ? 0 : currencyDecimals(currency)).format(value);
  } catch {
    return `${currency} ${NOT_AVAILABLE}`;
  }
}

/** What the traveller pays for an offer, formatted: always through the shared `priceOffer`. */
export function formatDisplayPrice(offer: PricedOffer, context?: PricingContext): string {
  if (!offer.total_amount || !offer.total_currency) return NOT_AVAILABLE;
  return formatPrice(customerAmount(offer, context), offer.total_currency);
}
