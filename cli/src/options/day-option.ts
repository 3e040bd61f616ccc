import { dayBound, DAY_INPUT_FORMS, type DayBound } from '@contrail/shared/time/day-input';
import { InputError } from '../errors.js';

/** --from (a day's start) or --to (its end, so the whole day is included) as an ISO instant. */
export function dayOption(flag: string, input: string, bound: DayBound, timeZone: string, now = new Date()): string {
  const instant = dayBound(input, bound, { now, timeZone });
  if (!instant) throw new InputError(`${flag}: "${input}" is not a day: use ${DAY_INPUT_FORMS}`);
  return instant.toISOString();
}
