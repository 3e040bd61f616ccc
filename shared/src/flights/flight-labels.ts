/**
 * How flight numbers and later-day times read everywhere a flight is shown (results, details,
 * booking, trips): "B6 2086", and "+1" beside a time that falls on a later day than the journey
 * began ("-1" when the date line makes it earlier).
 */

const CARRIER_AND_NUMBER = /^([A-Z0-9]{2})\s*(\d{1,4}[A-Z]?)$/;

/** "B6 2086" from a carrier code and a flight number; the number alone when the code is missing. */
export function flightNumberLabel(carrierCode: string | null | undefined, number: string | null | undefined): string {
  const digits = (number ?? '').trim();
  const code = (carrierCode ?? '').trim().toUpperCase();
  if (!code) return digits;
  return digits ? `${code} ${digits}` : code;
}

/**
 * A segment's flight number as travellers read it: from the marketing carrier and its number when
 * present, else the stored `flight_number` with a space after the carrier code ("BA117" → "BA 117").
 */
export function segmentFlightNumber(segment: {
  marketing_carrier?: { iata_code?: string | null } | null;
  marketing_carrier_flight_number?: string | null;
  flight_number?: string | null;
}): string {
  const code = segment.marketing_carrier?.iata_code;
  const number = segment.marketing_carrier_flight_number;
  if (code && number) return flightNumberLabel(code, number);
  const stored = (segment.flight_number ?? '').trim();
  const match = CARRIER_AND_NUMBER.exec(stored.toUpperCase());
  return match ? flightNumberLabel(match[1], match[2]) : stored;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function dayNumber(localDateTime: string | null | undefined): number | null {
  const match = LOCAL_DATE.exec(localDateTime ?? '');
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : Math.round(ms / 86_400_000);
}

/**
 * Calendar days from one local airport time to another ("2026-12-20T22:10:00" to
 * "2026-12-21T10:05:00" is 1), read from the dates as written so the viewer's time zone never
 * shifts them; 0 when either is unreadable.
 */
export function dayOffset(fromLocal: string | null | undefined, toLocal: string | null | undefined): number {
  const from = dayNumber(fromLocal);
  const to = dayNumber(toLocal);
  return from === null || to === null ? 0 : to - from;
}

/** "+1", "+2" or "-1" for a day offset; empty on the same day. */
export function dayOffsetLabel(days: number): string {
  if (!Number.isFinite(days) || days === 0) return '';
  return days > 0 ? `+${days}` : String(days);
}

/** Words for screen readers: "next day", "2 days later", "previous day". */
export function dayOffsetDescription(days: number): string {
  if (!Number.isFinite(days) || days === 0) return '';
  if (days === 1) return 'next day';
  if (days === -1) return 'previous day';
  return days > 0 ? `${days} days later` : `${-days} days earlier`;
}
