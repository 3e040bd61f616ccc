import type { CabinClass } from '@contrail/shared/search/cabin';
import type { BusinessModel } from './network/carriers.js';
import type { PassengerKind } from './pricing.js';

/**
 * Taxes, fees and carrier charges of a ticket, in USD per passenger, as they are levied: by the
 * country a flight leaves (a departure tax banded by distance and cabin, the airport's passenger
 * charges), the country it lands in (arrival and inspection fees), and the airline selling the
 * ticket (its carrier-imposed surcharge, by distance and cabin; low-cost carriers charge none).
 * Amounts are the 2024-25 published rates converted to USD and rounded; the point is realistic
 * ranges (a transatlantic round trip's taxes and charges are several hundred dollars, not $86).
 */

/** A flight as taxes see it: where it leaves and lands, how far, and in which cabin. */
export interface TaxedFlight {
  fromCountry: string;
  fromAirport: string;
  toCountry: string;
  distanceKm: number;
  cabin: CabinClass;
}

const premium = (cabin: CabinClass) => cabin !== 'economy';
const international = (flight: TaxedFlight) => flight.fromCountry !== flight.toCountry;

/** A departure tax banded by distance: [up to km, economy, premium cabins]. */
type Bands = ReadonlyArray<readonly [maxKm: number, economy: number, premium: number]>;

const band = (bands: Bands, flight: TaxedFlight) => {
  const found = bands.find(([maxKm]) => flight.distanceKm <= maxKm) ?? bands.at(-1)!;
  return premium(flight.cabin) ? found[2] : found[1];
};

/**
 * Departure taxes by country (per departing flight): the UK's Air Passenger Duty, Germany's
 * Luftverkehrsteuer, France's solidarity tax, the Netherlands' flat tax, Australia's Passenger
 * Movement Charge, the US international departure tax with its security and inspection fees.
 */
const DEPARTURE_TAX: Record<string, (flight: TaxedFlight) => number> = {
  GB: (flight) =>
    band(
      [
        [3220, 17, 35],
        [8850, 130, 285],
        [Infinity, 133, 293],
      ],
      flight,
    ),
  DE: (flight) =>
    band(
      [
        [2500, 17, 17],
        [6000, 42, 42],
        [Infinity, 77, 77],
      ],
      flight,
    ),
  FR: (flight) =>
    band(
      [
        [3000, 8, 32],
        [5500, 16, 86],
        [Infinity, 43, 130],
      ],
      flight,
    ),
  NL: () => 32,
  AT: (flight) => (flight.distanceKm < 350 ? 32 : 13),
  IT: () => 12,
  AU: (flight) => (international(flight) ? 47 : 0),
  NZ: (flight) => (international(flight) ? 12 : 0),
  JP: (flight) => (international(flight) ? 7 : 0),
  IN: (flight) => (international(flight) ? 12 : 3),
  US: (flight) => (international(flight) ? 23 + 5.6 + 4 : 5.6 + 5.2),
  CA: (flight) => (international(flight) ? 26 : 18),
  MX: (flight) => (international(flight) ? 60 : 10),
};

/** The departure airport's passenger charge, international and domestic; big hubs charge more. */
const AIRPORT_CHARGE: Record<string, readonly [international: number, domestic: number]> = {
  LHR: [68, 40],
  LGW: [25, 18],
  CDG: [38, 20],
  ORY: [30, 18],
  AMS: [40, 40],
  FRA: [35, 25],
  MUC: [33, 24],
  SYD: [48, 20],
  MEL: [40, 18],
  HND: [20, 3],
  NRT: [20, 3],
  DXB: [41, 41],
  SIN: [45, 45],
  HKG: [25, 25],
  JFK: [4.5, 4.5],
};
const DEFAULT_AIRPORT_CHARGE: readonly [number, number] = [25, 8];

/** Arrival fees: the US and Canada charge inspection fees on arrival from abroad. */
const ARRIVAL_FEE: Record<string, number> = { US: 23 + 7 + 7.25 + 4, CA: 10, MX: 10 };

/** A share of the fare charged as a ticket tax on domestic journeys (US excise, India's and Australia's GST). */
const DOMESTIC_TICKET_TAX: Record<string, number> = { US: 0.075, IN: 0.05, AU: 0.1, CA: 0.05, MX: 0.16 };

/** One flight's government taxes and airport charges for an adult. */
export function flightTaxes(flight: TaxedFlight): number {
  const crossing = international(flight);
  const departure = DEPARTURE_TAX[flight.fromCountry]?.(flight) ?? (crossing ? 20 : 5);
  const [abroad, home] = AIRPORT_CHARGE[flight.fromAirport] ?? DEFAULT_AIRPORT_CHARGE;
  const arrival = crossing ? (ARRIVAL_FEE[flight.toCountry] ?? 0) : 0;
  return departure + (crossing ? abroad : home) + arrival;
}

/**
 * The selling airline's surcharge for one slice (the "YQ/YR" part of the taxes line): none on
 * low-cost carriers and short hops, then growing with distance, doubled in premium cabins.
 */
export function carrierSurcharge(sliceKm: number, cabin: CabinClass, model: BusinessModel): number {
  if (model === 'low_cost' || sliceKm < 1500) return 0;
  const economy = sliceKm < 4000 ? 30 : sliceKm < 8000 ? 150 : 190;
  const hybrid = model === 'hybrid' ? 0.5 : 1;
  return economy * hybrid * (premium(cabin) ? 2 : 1);
}

/** What part of the taxes each passenger pays: a lap infant pays a tenth, without a seat or most departure taxes. */
const KIND_SHARE: Record<PassengerKind, number> = { adult: 1, child: 1, infant_without_seat: 0.1 };

/** The country a journey stays within, when all its flights do (null: it crosses a border). */
export function domesticCountry(flights: readonly TaxedFlight[]): string | null {
  const country = flights[0]?.fromCountry;
  if (!country || flights.some((flight) => flight.fromCountry !== country || flight.toCountry !== country)) return null;
  return country;
}

/** The share of the fare taken as a ticket tax: only on a journey within one country that levies one. */
export const ticketTaxRate = (country: string | null) => (country ? (DOMESTIC_TICKET_TAX[country] ?? 0) : 0);

/** One passenger's taxes in USD: the journey's fixed taxes by the passenger's share, and the ticket tax on the fare. */
export function passengerTaxes(base: number, journey: { fixed: number; rate: number }, kind: PassengerKind): number {
  return journey.fixed * KIND_SHARE[kind] + base * journey.rate;
}
