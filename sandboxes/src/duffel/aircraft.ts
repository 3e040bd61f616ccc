import type { CabinClass } from '@contrail/shared/search/cabin';

/** One cabin of an aircraft: how many rows, and its seat letters grouped by aisle ("ABC DEF"). */
export interface CabinLayout {
  cabin_class: CabinClass;
  rows: number;
  sections: string[];
}

export type AircraftKind = 'turboprop' | 'regional' | 'narrowbody' | 'widebody';

export interface AircraftType {
  iata_code: string;
  name: string;
  kind: AircraftKind;
  /** Range with a full load of passengers as airlines schedule the type, in km. */
  rangeKm: number;
  /** Cabins front to back, as a typical operator fits them; each airline keeps only the cabins it sells. */
  cabins: CabinLayout[];
}

const cabin = (cabin_class: CabinClass, rows: number, sections: string): CabinLayout => ({
  cabin_class,
  rows,
  sections: sections.split(' '),
});

/** A single-aisle layout: a front cabin (rows), then economy, 3-3 unless told. */
const single = (front: number, economy: number, seats = 'ABC DEF', frontSeats = 'AC DF'): CabinLayout[] => [
  ...(front > 0 ? [cabin('business', front, frontSeats)] : []),
  cabin('economy', economy, seats),
];

/** A twin-aisle layout: first, business, premium economy and economy rows (0 for none). */
const twin = (first: number, business: number, premium: number, economy: number, seats = 'ABC DEFG HJK') => [
  ...(first > 0 ? [cabin('first', first, 'A E K')] : []),
  cabin('business', business, 'A EF K'),
  ...(premium > 0 ? [cabin('premium_economy', premium, 'AC DEF HK')] : []),
  cabin('economy', economy, seats),
];

const type = (iata_code: string, name: string, kind: AircraftKind, rangeKm: number, cabins: CabinLayout[]) => ({
  iata_code,
  name,
  kind,
  rangeKm,
  cabins,
});

/** Type names and codes as IATA lists them; ranges from the manufacturers' figures, less reserves for scheduled use. */
export const aircraftTypes: AircraftType[] = [
  type('AT7', 'ATR 72', 'turboprop', 1500, single(0, 18, 'AB CD')),
  type('DH4', 'De Havilland Canada Dash 8-400', 'turboprop', 2000, single(0, 19, 'AB CD')),
  type('CR9', 'Bombardier CRJ900', 'regional', 2900, single(3, 17, 'AB CD', 'A CD')),
  type('E75', 'Embraer 175', 'regional', 3700, single(3, 17, 'AB CD', 'A CD')),
  type('E90', 'Embraer 190', 'regional', 4000, single(3, 22, 'AB CD', 'AB CD')),
  type('E95', 'Embraer 195', 'regional', 3900, single(3, 26, 'AB CD', 'AB CD')),
  type('717', 'Boeing 717', 'narrowbody', 3800, single(2, 20, 'AB CDE', 'AB CD')),
  type('223', 'Airbus A220-300', 'narrowbody', 5000, single(3, 25, 'AC DEF')),
  type('319', 'Airbus A319', 'narrowbody', 5500, single(3, 21)),
  type('320', 'Airbus A320', 'narrowbody', 4800, single(3, 26)),
  type('32N', 'Airbus A320neo', 'narrowbody', 5500, single(3, 27)),
  type('321', 'Airbus A321', 'narrowbody', 5000, single(4, 30)),
  type('32Q', 'Airbus A321neo', 'narrowbody', 7000, single(4, 30)),
  type('738', 'Boeing 737-800', 'narrowbody', 5000, single(4, 26)),
  type('739', 'Boeing 737-900', 'narrowbody', 4800, single(4, 29)),
  type('7M8', 'Boeing 737 MAX 8', 'narrowbody', 6000, single(4, 27)),
  type('7M9', 'Boeing 737 MAX 9', 'narrowbody', 6000, single(4, 30)),
  type('752', 'Boeing 757-200', 'narrowbody', 6500, single(4, 30)),
  type('763', 'Boeing 767-300ER', 'widebody', 11000, twin(0, 8, 3, 30, 'AB CDE FG')),
  type('332', 'Airbus A330-200', 'widebody', 13400, twin(0, 7, 0, 32, 'AC DEFG HK')),
  type('333', 'Airbus A330-300', 'widebody', 11700, twin(0, 7, 0, 36, 'AC DEFG HK')),
  type('339', 'Airbus A330-900neo', 'widebody', 13300, twin(0, 8, 4, 34, 'AC DEFG HK')),
  type('343', 'Airbus A340-300', 'widebody', 13500, twin(0, 8, 0, 34, 'AC DEFG HK')),
  type('359', 'Airbus A350-900', 'widebody', 15500, twin(0, 10, 4, 32)),
  type('35K', 'Airbus A350-1000', 'widebody', 16000, twin(0, 11, 5, 34)),
  type('772', 'Boeing 777-200ER', 'widebody', 13000, twin(0, 10, 4, 32)),
  type('77L', 'Boeing 777-200LR', 'widebody', 15800, twin(0, 10, 4, 30)),
  type('77W', 'Boeing 777-300ER', 'widebody', 13600, twin(2, 12, 6, 34)),
  type('788', 'Boeing 787-8', 'widebody', 13500, twin(0, 7, 4, 28)),
  type('789', 'Boeing 787-9', 'widebody', 14600, twin(0, 8, 5, 30)),
  type('78X', 'Boeing 787-10', 'widebody', 11900, twin(0, 9, 5, 34)),
  type('748', 'Boeing 747-8', 'widebody', 14300, twin(2, 12, 5, 40)),
  type('388', 'Airbus A380-800', 'widebody', 15000, twin(4, 14, 6, 40)),
];

const byCode = new Map(aircraftTypes.map((aircraft) => [aircraft.iata_code, aircraft]));

export function aircraftByCode(code: string | null | undefined): AircraftType | undefined {
  return code ? byCode.get(code) : undefined;
}

/** Long-haul flights are flown by widebodies where the airline has any. */
export const LONG_HAUL_KM = 4800;
/**
 * The four-engined giants (A380, 747-8) fly only the busiest long-haul routes between big hubs: an
 * airline puts them where few slots must carry many passengers, never on a thin route.
 */
const VERY_LARGE = new Set(['388', '748']);
const VERY_LARGE_MIN_KM = 5000;
const isVeryLarge = (aircraft: AircraftType) => VERY_LARGE.has(aircraft.iata_code);
/** Hops this short go to turboprops and regional jets where the airline has them, about half the time. */
const SHORT_HOP_KM = 900;

/**
 * A plausible aircraft of an airline's fleet for a flight of this distance: turboprops and
 * regional jets on short hops (unless both ends are big hubs), single-aisle jets up to medium haul,
 * twin-aisle beyond; `choice` picks among the types that fit (a seeded number), so a route keeps
 * its aircraft.
 */
export function aircraftFor(
  fleet: string[],
  distanceKm: number,
  choice: number,
  smallAllowed = true,
  betweenHubs = false,
): AircraftType | undefined {
  const types = fleet.map((code) => byCode.get(code)).filter((found): found is AircraftType => !!found);
  const reach = types.filter((aircraft) => aircraft.rangeKm >= distanceKm * 1.05);
  // A flight only a giant can reach is flown by one, wherever it goes.
  const veryLargeAllowed = (betweenHubs && distanceKm >= VERY_LARGE_MIN_KM) || reach.every(isVeryLarge);
  const fits = veryLargeAllowed ? reach : reach.filter((aircraft) => !isVeryLarge(aircraft));
  const small = fits.filter((aircraft) => aircraft.kind === 'turboprop' || aircraft.kind === 'regional');
  const narrow = fits.filter((aircraft) => aircraft.kind === 'narrowbody');
  const wide = fits.filter((aircraft) => aircraft.kind === 'widebody');
  let pool: AircraftType[];
  if (distanceKm >= LONG_HAUL_KM) pool = wide.length > 0 ? wide : narrow;
  else if (smallAllowed && distanceKm < SHORT_HOP_KM && small.length > 0 && choice % 2 === 0) pool = small;
  else pool = narrow.length > 0 ? narrow : [...small, ...wide];
  return pool.length > 0 ? pool[choice % pool.length] : undefined;
}

export interface BlockTimeInputs {
  distanceKm: number;
  /** From -1 (due west) to 1 (due east): the jet stream shortens eastbound flights. */
  eastward: number;
  kind: AircraftKind;
  /** Either airport is slot-congested (long taxi and holding). */
  congested: boolean;
}

const SPEED_FACTOR: Record<AircraftKind, number> = { turboprop: 0.72, regional: 0.95, narrowbody: 1, widebody: 1.02 };

/**
 * Block time in minutes, to 5: taxi, climb and descent, then the distance at an average block speed
 * that grows with the distance (600 km/h on hops to 850 km/h on long haul), 8% faster
 * eastbound and slower westbound. Calibrated on published schedules: London-Paris 1h15,
 * New York-London 7h eastbound and 8h back, Singapore-London 14h25.
 */
export function blockMinutes({ distanceKm, eastward, kind, congested }: BlockTimeInputs): number {
  const speedKmh = (600 + 250 * (1 - Math.exp(-distanceKm / 800))) * SPEED_FACTOR[kind] * (1 + 0.08 * eastward);
  const minutes = 30 + Math.min(15, distanceKm / 200) + (congested ? 10 : 0) + (distanceKm / speedKmh) * 60;
  return Math.max(30, Math.round(minutes / 5) * 5);
}
