import type { CabinClass } from '@contrail/shared/search/cabin';
import type { AircraftKind, AircraftType } from './aircraft.js';

/*
 * Emissions per offer with the Travel Impact Model's published method (google/travel-impact-model,
 * README, version 1.9.1; see README.md here for the sources): a flight's fuel is its LTO burn plus
 * its CCD burn interpolated by great-circle distance from the aircraft's table, turned into CO2e
 * tank-to-wake, shared by the seats in proportion to their area, and divided by the load factor.
 */

/** kg CO2e per kg of jet fuel burnt, tank-to-wake (TIM 1.8.0+: ISO 14083 heating value x CORSIA 74 g/MJ). */
export const TANK_TO_WAKE_KG_PER_KG_FUEL = 3.1894;
/** TIM's global default passenger load factor. */
export const LOAD_FACTOR = 0.845;
/** TIM models the great-circle distance as flown ("as opposed to the actual distance flown"). */
export const ROUTE_FACTOR = 1;
/** TIM leaves cargo out ("Cargo load is not yet supported"): the passengers carry every kilogram. */
export const CARGO_SHARE = 0;
const KM_PER_NM = 1.852;

/** Seat-area weights by cabin (IATA RP 1726, as TIM applies them). */
const NARROW_WEIGHTS: Record<CabinClass, number> = { economy: 1, premium_economy: 1, business: 1.5, first: 1.5 };
const WIDE_WEIGHTS: Record<CabinClass, number> = { economy: 1, premium_economy: 1.5, business: 4, first: 5 };

export function seatAreaWeight(kind: AircraftKind, cabin: CabinClass): number {
  return (kind === 'widebody' ? WIDE_WEIGHTS : NARROW_WEIGHTS)[cabin];
}

/** The fuel table of one aircraft, in the EEA master calculator's shape: LTO kg, then CCD kg by distance (nm). */
export interface FuelTable {
  ltoKg: number;
  ccd: ReadonlyArray<readonly [nm: number, kg: number]>;
}

/** TIM's Table 1: the Boeing 787-9 (B789). */
const B789: FuelTable = {
  ltoKg: 1727,
  ccd: [
    [500, 5815],
    [1000, 10770],
    [5000, 52375],
    [5500, 57430],
  ],
};

/**
 * One table per kind of aircraft, each type scaled from it. The widebody table is TIM's B789; the
 * others are the sandbox's own estimates in the same shape (an ATR 72, an E175, an A320), not EEA data.
 */
const KIND_TABLES: Record<AircraftKind, FuelTable> = {
  turboprop: {
    ltoKg: 180,
    ccd: [
      [125, 290],
      [250, 520],
      [500, 980],
      [1000, 1900],
    ],
  },
  regional: {
    ltoKg: 520,
    ccd: [
      [125, 690],
      [250, 1150],
      [500, 2050],
      [1000, 3850],
      [2000, 7500],
    ],
  },
  narrowbody: {
    ltoKg: 820,
    ccd: [
      [125, 1050],
      [250, 1700],
      [500, 3000],
      [1000, 5600],
      [2000, 10900],
      [3000, 16400],
    ],
  },
  widebody: B789,
};

/** Fuel burnt by a type against its kind's table (the B789 for widebodies, an A320 for single aisles). */
const TYPE_SCALE: Readonly<Record<string, number>> = {
  DH4: 1.1,
  CR9: 0.95,
  E90: 1.15,
  E95: 1.25,
  '717': 1.05,
  '223': 0.9,
  '319': 0.92,
  '32N': 0.85,
  '321': 1.2,
  '32Q': 1.02,
  '738': 1.02,
  '739': 1.08,
  '7M8': 0.87,
  '7M9': 0.92,
  '752': 1.35,
  '763': 1.02,
  '332': 1.1,
  '333': 1.15,
  '339': 1.0,
  '343': 1.3,
  '359': 0.98,
  '35K': 1.12,
  '772': 1.3,
  '77L': 1.35,
  '77W': 1.45,
  '788': 0.92,
  '78X': 1.05,
  '748': 1.75,
  '388': 2.05,
};

/** Linear through the table's points, extrapolated past either end from its nearest two (TIM's rule). */
export function interpolate(points: FuelTable['ccd'], nm: number): number {
  let index = points.findIndex(([distance]) => distance >= nm);
  if (index <= 0) index = index === 0 ? 1 : points.length - 1;
  const [x0, y0] = points[index - 1]!;
  const [x1, y1] = points[index]!;
  return y0 + ((nm - x0) * (y1 - y0)) / (x1 - x0);
}

export function fuelTable(aircraft: AircraftType): FuelTable {
  const base = KIND_TABLES[aircraft.kind];
  const scale = TYPE_SCALE[aircraft.iata_code] ?? 1;
  return { ltoKg: base.ltoKg * scale, ccd: base.ccd.map(([nm, kg]) => [nm, kg * scale] as const) };
}

/** The flight's fuel in kg: LTO plus CCD at the great-circle distance times the route factor. */
export function flightFuelKg(table: FuelTable, greatCircleKm: number, routeFactor = ROUTE_FACTOR): number {
  return table.ltoKg + interpolate(table.ccd, (greatCircleKm * routeFactor) / KM_PER_NM);
}

/** The aircraft's seats weighted by area: economy 1, a widebody's business 4... */
export function weightedSeats(aircraft: AircraftType): number {
  return aircraft.cabins.reduce(
    (sum, cabin) =>
      sum + cabin.rows * cabin.sections.join('').length * seatAreaWeight(aircraft.kind, cabin.cabin_class),
    0,
  );
}

export interface EmissionsFlight {
  aircraft: AircraftType;
  greatCircleKm: number;
  cabin: CabinClass;
}

export interface EmissionsFactors {
  routeFactor: number;
  cargoShare: number;
  loadFactor: number;
}

export const TIM_FACTORS: EmissionsFactors = {
  routeFactor: ROUTE_FACTOR,
  cargoShare: CARGO_SHARE,
  loadFactor: LOAD_FACTOR,
};

/** kg CO2e (tank-to-wake) of one passenger's seat on one flight. */
export function seatEmissionsKg(flight: EmissionsFlight, factors: EmissionsFactors = TIM_FACTORS): number {
  const fuel = flightFuelKg(fuelTable(flight.aircraft), flight.greatCircleKm, factors.routeFactor);
  const passengersShare = fuel * TANK_TO_WAKE_KG_PER_KG_FUEL * (1 - factors.cargoShare);
  const perEconomySeat = passengersShare / weightedSeats(flight.aircraft);
  return (perEconomySeat * seatAreaWeight(flight.aircraft.kind, flight.cabin)) / factors.loadFactor;
}

/** Duffel's `total_emissions_kg`: every seated passenger's share of every flight, whole kilograms. */
export function offerEmissionsKg(flights: readonly EmissionsFlight[], seatedPassengers: number): number {
  const perPassenger = flights.reduce((sum, flight) => sum + seatEmissionsKg(flight), 0);
  return Math.round(perPassenger * seatedPassengers);
}
