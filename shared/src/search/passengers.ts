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

/** "1 Adult", "2 Adults, 1 Child", "1 Adult, 2 Infants"... */
export function passengersSummary(counts: PassengerCounts): string {
  const parts = [`${counts.adults} ${counts.adults === 1 ? 'Adult' : 'Adults'}`];
  if (counts.children > 0) parts.push(`${counts.children} ${counts.children === 1 ? 'Child' : 'Children'}`);
  if (counts.infants > 0) parts.push(`${counts.infants} ${counts.infants === 1 ? 'Infant' : 'Infants'}`);
  return parts.join(', ');
}
