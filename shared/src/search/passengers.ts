export type PassengerKind = 'adults' | 'children' | 'infants';

export interface PassengerLimit {
  min: number;
  max: number;
  label: string;
  age: string;
}

/** Seed 000 §5 and §9: adults 1-9 (12+), children 0-9 (2-11), infants 0-5 (under 2). */
export const PASSENGER_LIMITS: Record<PassengerKind, PassengerLimit> = {
  adults: { min: 1, max: 9, label: 'Adults', age: 'Age 12+' },
  children: { min: 0, max: 9, label: 'Children', age: 'Age 2-11' },
  infants: { min: 0, max: 5, label: 'Infants', age: 'Under 2' },
};

export const PASSENGER_KINDS: readonly PassengerKind[] = ['adults', 'children', 'infants'];

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

export const DEFAULT_PASSENGERS: PassengerCounts = { adults: 1, children: 0, infants: 0 };

/** The steppers clamp to the allowed range; non-numbers fall back to the minimum. */
export function clampPassengers(kind: PassengerKind, value: number): number {
  const { min, max } = PASSENGER_LIMITS[kind];
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

export function totalPassengers(counts: PassengerCounts): number {
  return counts.adults + counts.children + counts.infants;
}

/** Airlines (and Duffel) take at most 9 passengers in one search or booking. */
export const MAX_PASSENGERS = 9;

/** Why a stepper stops short of its own range; the popover shows the hint, the schemas the rule. */
export const PASSENGER_RULES = {
  total: `You can book up to ${MAX_PASSENGERS} passengers at a time.`,
  infantsPerAdult: "Each infant travels on an adult's lap, so there can be no more infants than adults.",
} as const;

/** The two rules across the counts: at most 9 in all, and no more infants than adults. */
export function passengerCountProblems(counts: PassengerCounts): Array<keyof typeof PASSENGER_RULES> {
  const problems: Array<keyof typeof PASSENGER_RULES> = [];
  if (totalPassengers(counts) > MAX_PASSENGERS) problems.push('total');
  if (counts.infants > counts.adults) problems.push('infantsPerAdult');
  return problems;
}

export interface StepperLimit {
  min: number;
  max: number;
  /** Set when `max` is below the kind's own maximum: the rule that holds it back. */
  heldBy?: keyof typeof PASSENGER_RULES;
}

/** How far each stepper may go from these counts without breaking a rule. */
export function stepperLimit(counts: PassengerCounts, kind: PassengerKind): StepperLimit {
  const own = PASSENGER_LIMITS[kind];
  const room = MAX_PASSENGERS - totalPassengers(counts) + counts[kind];
  const byTotal = Math.min(own.max, room);
  const byAdults = kind === 'infants' ? Math.min(byTotal, counts.adults) : byTotal;
  const max = Math.max(own.min, byAdults);
  if (max >= own.max) return { min: own.min, max };
  return { min: own.min, max, heldBy: byAdults < byTotal ? 'infantsPerAdult' : 'total' };
}

/**
 * A stepper press: the count moves within its limit; fewer adults than infants takes infants
 * down with them (every infant needs a lap).
 */
export function stepPassengers(counts: PassengerCounts, kind: PassengerKind, delta: number): PassengerCounts {
  const { min, max } = stepperLimit(counts, kind);
  const next = { ...counts, [kind]: Math.min(max, Math.max(min, counts[kind] + delta)) };
  return { ...next, infants: Math.min(next.infants, next.adults) };
}

/** "1 Adult", "2 Adults, 1 Child", "1 Adult, 2 Infants"... */
export function passengersSummary(counts: PassengerCounts): string {
  const parts = [`${counts.adults} ${counts.adults === 1 ? 'Adult' : 'Adults'}`];
  if (counts.children > 0) parts.push(`${counts.children} ${counts.children === 1 ? 'Child' : 'Children'}`);
  if (counts.infants > 0) parts.push(`${counts.infants} ${counts.infants === 1 ? 'Infant' : 'Infants'}`);
  return parts.join(', ');
}
