/** Local airport times without offsets, as Duffel writes them ("2026-12-20T18:05:00"), from and to UTC. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** en-US's "12/20/2026, 18:05:00": read at once, as formatToParts builds an object per part. */
const WALL_CLOCK = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

function wallClockMs(utcMs: number, timeZone: string): number {
  const match = WALL_CLOCK.exec(formatter(timeZone).format(utcMs));
  if (match) {
    const [, month, day, year, hour, minute, second] = match.map(Number) as number[];
    return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  }
  return wallClockFromParts(utcMs, timeZone);
}

function wallClockFromParts(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(utcMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A UTC day on which the zone's offset changes: its hours are looked up one by one. */
const CHANGES = Number.NaN;
const MAX_OFFSETS = 50_000;

/** Per zone: the offset of each UTC day (or CHANGES), and of each hour looked up (day starts, and hours of a day it changes). */
interface ZoneOffsets {
  days: Map<number, number>;
  hours: Map<number, number>;
}

const offsets = new Map<string, ZoneOffsets>();
let offsetsKept = 0;

function kept(found: Map<number, number>, key: number, compute: () => number): number {
  let offset = found.get(key);
  if (offset === undefined) {
    offset = compute();
    if (offsetsKept >= MAX_OFFSETS) {
      for (const zone of offsets.values()) {
        zone.days.clear();
        zone.hours.clear();
      }
      offsetsKept = 0;
    }
    found.set(key, offset);
    offsetsKept += 1;
  }
  return offset;
}

/**
 * The offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich).
 * Offsets only change on hour boundaries in the zones we fly to, and at most once a day: a UTC day
 * that starts and ends at the same offset keeps it throughout (one lookup per zone and day), and
 * on a day it changes, one lookup per hour is exact.
 */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = { days: new Map(), hours: new Map() };
    offsets.set(timeZone, zone);
  }
  const { hours } = zone;
  const day = Math.floor(utcMs / DAY);
  const daily = kept(zone.days, day, () => {
    // Each day's start is kept as an hour's: the next day starts where this one ends.
    const start = offsetAtHour(hours, day * 24, timeZone);
    return offsetAtHour(hours, (day + 1) * 24, timeZone) === start ? start : CHANGES;
  });
  if (!Number.isNaN(daily)) return daily;
  return offsetAtHour(hours, Math.floor(utcMs / HOUR), timeZone);
}

function offsetAtHour(hours: Map<number, number>, hour: number, timeZone: string): number {
  return kept(hours, hour, () => wallClockMs(hour * HOUR, timeZone) - hour * HOUR);
}

/** Days from 1970 of 0001-01-01 and 9999-12-31: toISOString writes four-digit years between them. */
const FIRST_ISO_DAY = -719_162;
const LAST_ISO_DAY = 2_932_896;
const MAX_DATE_PREFIXES = 4096;
/** "2026-12-20T" per day number: written once, as offers repeat the same few dates thousands of times. */
const datePrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

function datePrefix(day: number): string {
  let found = datePrefixes.get(day);
  if (found === undefined) {
    found = new Date(day * DAY).toISOString().slice(0, 11);
    if (datePrefixes.size >= MAX_DATE_PREFIXES) datePrefixes.clear();
    datePrefixes.set(day, found);
  }
  return found;
}

/** "2026-12-20T18:05:00" for an instant in a zone. */
export function localIso(utcMs: number, timeZone: string): string {
  // Truncated as Date truncates a fractional time.
  const wall = Math.trunc(utcMs + zoneOffsetMs(utcMs, timeZone));
  const day = Math.floor(wall / DAY);
  if (!(day >= FIRST_ISO_DAY && day <= LAST_ISO_DAY)) return new Date(wall).toISOString().slice(0, 19);
  const seconds = Math.floor((wall - day * DAY) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  return `${datePrefix(day)}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds % 60]}`;
}

/** The instant at which a zone's wall clock reads `local` ("2026-12-20T18:05:00" or with minutes only). */
export function utcFromLocal(local: string, timeZone: string): number {
  return utcFromWallClock(Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`), timeZone);
}

/** The instant at which a zone's wall clock reads `wall` (that reading as if it were UTC, in ms). */
export function utcFromWallClock(wall: number, timeZone: string): number {
  let guess = wall - zoneOffsetMs(wall, timeZone);
  // Once more, in case the first guess crossed a daylight-saving change.
  guess = wall - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** "PT7H5M" for a number of minutes. */
export function isoDuration(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return `P${days > 0 ? `${days}D` : ''}T${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}
