/** Local airport times without offsets, as Duffel writes them ("2026-12-20T18:05:00"), from and to UTC. */
import { tzOffset } from '@date-fns/tz';

const MINUTE = 60_000;

/** The offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(utcMs)) * MINUTE;
}

/** "2026-12-20T18:05:00" for an instant in a zone. */
export function localIso(utcMs: number, timeZone: string): string {
  // Truncated as Date truncates a fractional time.
  return new Date(Math.trunc(utcMs + zoneOffsetMs(utcMs, timeZone))).toISOString().slice(0, 19);
}

/** The instant at which a zone's wall clock reads `local` ("2026-12-20T18:05:00" or with minutes only). */
export function utcFromLocal(local: string, timeZone: string): number {
  return utcFromWallClock(Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`), timeZone);
}

/** The instant at which a zone's wall clock reads `wall` (that reading as if it were UTC, in ms). */
export function utcFromWallClock(wall: number, timeZone: string): number {
  const guess = wall - zoneOffsetMs(wall, timeZone);
  // Once more, in case the first guess crossed a daylight-saving change.
  return wall - zoneOffsetMs(guess, timeZone);
}

/** "PT7H5M" for a number of minutes. */
export function isoDuration(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return `P${days > 0 ? `${days}D` : ''}T${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}
