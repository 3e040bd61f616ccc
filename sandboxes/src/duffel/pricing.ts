import type { CabinClass } from '@contrail/shared/search/cabin';
import type { BusinessModel } from './network/carriers.js';

export type PassengerKind = 'adult' | 'child' | 'infant_without_seat';

/** What a cabin costs against economy, on single-aisle and twin-aisle flights. */
const CABIN_FACTOR: Record<CabinClass, [short: number, long: number]> = {
  economy: [1, 1],
  premium_economy: [1.5, 1.8],
  business: [2.6, 4.2],
  first: [2.4, 7.5],
};
const PASSENGER_FACTOR: Record<PassengerKind, number> = { adult: 1, child: 0.75, infant_without_seat: 0.1 };
const PREMIUM_CARRIERS = new Set(['BA', 'LH', 'SQ', 'EK', 'QR', 'CX', 'LX', 'NH', 'JL', 'QF', 'AF']);
const MODEL_FACTOR: Record<BusinessModel, number> = { low_cost: 0.62, hybrid: 0.85, network: 1 };

export function cabinFactor(cabin: CabinClass, longHaul: boolean): number {
  return CABIN_FACTOR[cabin][longHaul ? 1 : 0];
}

function daysFactor(daysToDeparture: number): number {
  if (daysToDeparture < 7) return 1.6;
  if (daysToDeparture < 14) return 1.35;
  if (daysToDeparture < 30) return 1.15;
  if (daysToDeparture < 60) return 1;
  return 0.95;
}

const DEMAND_BY_WEEKDAY = [1.15, 1, 0.9, 0.9, 1, 1.15, 1];
const demandByDate = new Map<string, number>();
const MAX_DEMAND_DATES = 2000;

/** Busy days cost more: Friday and Sunday up, Tuesday and Wednesday down. */
function demandFactor(departureDate: string): number {
  let found = demandByDate.get(departureDate);
  if (found === undefined) {
    found = DEMAND_BY_WEEKDAY[new Date(`${departureDate}T00:00:00Z`).getUTCDay()]!;
    if (demandByDate.size >= MAX_DEMAND_DATES) demandByDate.clear();
    demandByDate.set(departureDate, found);
  }
  return found;
}

export interface PriceInputs {
  /** Great-circle distance from the slice's origin to its destination: fares are priced by city pair. */
  directKm: number;
  /** Distance flown: a long detour costs the airline, and the fare, more. */
  flownKm: number;
  flights: number;
  owner: { code: string; model: BusinessModel };
  /** The owner also flies the city pair non-stop: its connections then cost no less. */
  ownerFliesNonstop: boolean;
  /** Distance-weighted cabin factor of the slice's flights (a mixed-cabin slice costs in between). */
  cabinFactor: number;
  departureDate: string;
  daysToDeparture: number;
  /** A seeded number in [0, 1) that spreads prices of similar options. */
  jitter: number;
}

/** The base fare of one adult for one slice, in USD: by city-pair distance, growing slower than it. */
export function sliceBaseFare(inputs: PriceInputs): number {
  return withJitter(fareBeforeJitter(inputs), inputs.jitter);
}

/**
 * sliceBaseFare's product of every factor but the jitter, which comes last: the same for every
 * fare brand of an itinerary, so it is worked out once per itinerary.
 */
export function fareBeforeJitter(inputs: Omit<PriceInputs, 'jitter'>): number {
  const detour = Math.max(0, inputs.flownKm / Math.max(inputs.directKm, 1) - 1);
  // On long haul much of what a traveller pays is the airline's surcharge, in the taxes (taxes.ts).
  const surchargeShare = 1 - 0.3 * Math.min(1, inputs.directKm / 6000);
  const distanceFare = (30 + 0.075 * inputs.directKm ** 0.93) * surchargeShare * (1 + 0.6 * detour);
  const connectionFactor = inputs.ownerFliesNonstop ? 1.1 : ([1, 0.93, 0.86][inputs.flights - 1] ?? 0.85);
  const stopsFactor = inputs.flights === 1 ? 1 : connectionFactor;
  const carrierFactor = MODEL_FACTOR[inputs.owner.model] * (PREMIUM_CARRIERS.has(inputs.owner.code) ? 1.08 : 1);
  return (
    distanceFare *
    inputs.cabinFactor *
    daysFactor(inputs.daysToDeparture) *
    demandFactor(inputs.departureDate) *
    stopsFactor *
    carrierFactor
  );
}

/** The fare with its seeded spread applied (the last factor of sliceBaseFare). */
export const withJitter = (fareBeforeJitter: number, jitter: number) => fareBeforeJitter * (0.88 + jitter * 0.24);

/** What each flight of a multi-city ticket takes off the sum of its fares, after the first. */
export const MULTI_CITY_DISCOUNT_PER_FLIGHT = 0.03;

/**
 * A multi-city or open-jaw ticket costs the sum of its flights' fares less a small discount for
 * buying them together (one way and round trips: no change, their fares are the model's own).
 */
export function combinationFactor(slices: readonly { origin: string; destination: string }[]): number {
  if (slices.length < 2) return 1;
  const [out, back] = slices;
  const roundTrip = slices.length === 2 && out!.origin === back!.destination && out!.destination === back!.origin;
  return roundTrip ? 1 : 1 - MULTI_CITY_DISCOUNT_PER_FLIGHT * (slices.length - 1);
}

export function passengerFactor(kind: PassengerKind): number {
  return PASSENGER_FACTOR[kind];
}

export const money = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);
