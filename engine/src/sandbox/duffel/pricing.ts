import type { CabinClass } from '@contrail/shared/search/cabin';
import type { SliceOption } from './schedule.js';
import { isLowCost } from './network.js';

export type PassengerKind = 'adult' | 'child' | 'infant_without_seat';

export const CABIN_FACTOR: Record<CabinClass, number> = { economy: 1, premium_economy: 1.8, business: 4.2, first: 7.5 };
const PASSENGER_FACTOR: Record<PassengerKind, number> = { adult: 1, child: 0.75, infant_without_seat: 0.1 };
const PREMIUM_CARRIERS = new Set(['BA', 'LH', 'SQ', 'EK', 'QR', 'CX', 'LX', 'NH', 'JL']);
const TAX_RATE = 0.12;
const TAX_PER_FLIGHT = 18;

function daysFactor(daysToDeparture: number): number {
  if (daysToDeparture < 7) return 1.6;
  if (daysToDeparture < 14) return 1.35;
  if (daysToDeparture < 30) return 1.15;
  if (daysToDeparture < 60) return 1;
  return 0.95;
}

/** Busy days cost more: Friday and Sunday up, Tuesday and Wednesday down. */
function demandFactor(departureDate: string): number {
  const weekday = new Date(`${departureDate}T00:00:00Z`).getUTCDay();
  return [1.15, 1, 0.9, 0.9, 1, 1.15, 1][weekday]!;
}

export interface PriceInputs {
  option: SliceOption;
  /** Distance-weighted cabin factor of the slice's flights (a mixed-cabin slice costs in between). */
  cabinFactor: number;
  departureDate: string;
  daysToDeparture: number;
  /** A seeded number in [0, 1) that spreads prices of similar options. */
  jitter: number;
}

/** The base fare of one adult for one slice, in USD. */
export function sliceBaseFare({ option, cabinFactor, departureDate, daysToDeparture, jitter }: PriceInputs): number {
  const km = option.flights.reduce((sum, flight) => sum + flight.leg.distanceKm, 0);
  const owner = option.flights[0]!.leg.carrier;
  const stopsFactor = [1.15, 0.92, 0.82][option.flights.length - 1] ?? 0.8;
  const carrierFactor = isLowCost(owner) ? 0.7 : PREMIUM_CARRIERS.has(owner.iata_code) ? 1.1 : 1;
  const distanceFare = 40 + 0.06 * km;
  return (
    distanceFare *
    cabinFactor *
    daysFactor(daysToDeparture) *
    demandFactor(departureDate) *
    stopsFactor *
    carrierFactor *
    (0.88 + jitter * 0.24)
  );
}

export function passengerFactor(kind: PassengerKind): number {
  return PASSENGER_FACTOR[kind];
}

/** Taxes: a share of the fare plus a fee per flight (infants pay the share only). */
export function taxesFor(base: number, flights: number, kind: PassengerKind): number {
  return base * TAX_RATE + (kind === 'infant_without_seat' ? 0 : TAX_PER_FLIGHT * flights);
}

export const money = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);
