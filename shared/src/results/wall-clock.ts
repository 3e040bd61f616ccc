const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads the times the engine sends as date-fns' `parseISO` does, in a fraction of its size (the
 * first pages show them; issue 38): local wall-clock text ("2026-12-20", "2026-12-20T18:05",
 * "2026-12-20T18:05:00.000") as that wall clock in the viewer's zone, and a time with an offset
 * ("…Z", "…+01:00") as that instant. Anything else, or a day or hour that does not exist, is an
 * invalid date.
 */
export function parseWallClock(value: string): Date {
  const parts = WALL_CLOCK.exec(value);
  if (!parts) return WITH_OFFSET.test(value) && isRealDay(value) ? new Date(value) : new Date(Number.NaN);
  const [year, month, day, hours, minutes, seconds] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const milliseconds = Number((parts[7] ?? '0').padEnd(3, '0'));
  const inRange =
    minutes! < 60 &&
    seconds! < 60 &&
    (hours! < 24 || (hours === 24 && minutes === 0 && seconds === 0 && milliseconds === 0));
  if (!inRange || !isRealDay(value)) return new Date(Number.NaN);
  const date = new Date(0);
  date.setFullYear(year!, month! - 1, day);
  date.setHours(hours!, minutes, seconds, milliseconds);
  return date;
}

/** The text's calendar day exists (no 2026-02-30, no month 13). */
function isRealDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return month >= 1 && month <= 12 && day >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
