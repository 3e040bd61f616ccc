/**
 * A day as people type it (`today`, `yesterday`, `2026-11-01`, `1/11/2026`, `1 Nov 2026`) or an
 * exact ISO date-time, read in a time zone: a range's start is the named day's first instant there,
 * its end the day's last, so `--to 2026-11-01` includes all of that day.
 */
export type DayBound = 'start' | 'end';

export interface DayContext {
  now: Date;
  /** An IANA zone, like Europe/Paris: the day begins at midnight there. */
  timeZone: string;
}

export const DAY_INPUT_FORMS = 'today, yesterday, 2026-11-01, 1/11/2026 (day/month/year) or an ISO date-time';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const NAMED_MONTH_DAY = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

interface Day {
  year: number;
  month: number;
  day: number;
}

function zoneParts(instant: number, timeZone: string): Day & { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at this instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = zoneParts(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The first instant of a day in the zone (a second pass settles a day that starts near a DST change). */
function startOfDay({ year, month, day }: Day, timeZone: string): number {
  const midnightUtc = Date.UTC(year, month - 1, day);
  const first = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return midnightUtc - zoneOffsetMs(first, timeZone);
}

function realDay(year: number, month: number, day: number): Day | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

function namedDay(text: string, { now, timeZone }: DayContext): Day | undefined {
  const today = zoneParts(now.getTime(), timeZone);
  if (text === 'today') return today;
  if (text === 'yesterday') {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  }
  const iso = ISO_DAY.exec(text);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC_DAY.exec(text);
  if (numeric) return realDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = NAMED_MONTH_DAY.exec(text);
  const month = named ? MONTHS.findIndex((prefix) => named[2]!.startsWith(prefix)) : -1;
  if (named && month >= 0) return realDay(Number(named[3]), month + 1, Number(named[1]));
  return undefined;
}

/** The instant a typed day starts or ends in the context's zone; undefined when it names no day. */
export function dayBound(input: string, bound: DayBound, context: DayContext): Date | undefined {
  const text = input.trim().toLowerCase();
  if (ISO_DATE_TIME.test(input.trim())) {
    const exact = new Date(input.trim());
    return Number.isNaN(exact.getTime()) ? undefined : exact;
  }
  const day = namedDay(text, context);
  if (!day) return undefined;
  if (bound === 'start') return new Date(startOfDay(day, context.timeZone));
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  const nextDay = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  return new Date(startOfDay(nextDay, context.timeZone) - 1);
}
