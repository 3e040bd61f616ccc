import type { CabinClass } from '@contrail/shared/search/cabin';

/** One cabin of an aircraft: how many rows, and its seat letters grouped by aisle ("ABC DEF"). */
export interface CabinLayout {
  cabin_class: CabinClass;
  rows: number;
  sections: string[];
}

export interface AircraftType {
  iata_code: string;
  name: string;
  /** Average block speed in km/h, for durations from great-circle distance. */
  speedKmh: number;
  rangeKm: number;
  widebody: boolean;
  /** Cabins front to back. */
  cabins: CabinLayout[];
}

const narrow = (business: number, economy: number, premium = 0): CabinLayout[] => [
  ...(business > 0 ? [{ cabin_class: 'business' as const, rows: business, sections: ['AC', 'DF'] }] : []),
  ...(premium > 0 ? [{ cabin_class: 'premium_economy' as const, rows: premium, sections: ['ABC', 'DEF'] }] : []),
  { cabin_class: 'economy', rows: economy, sections: ['ABC', 'DEF'] },
];

const wide = (first: number, business: number, premium: number, economy: number): CabinLayout[] => [
  ...(first > 0 ? [{ cabin_class: 'first' as const, rows: first, sections: ['A', 'EF', 'K'] }] : []),
  { cabin_class: 'business', rows: business, sections: ['A', 'DG', 'K'] },
  ...(premium > 0 ? [{ cabin_class: 'premium_economy' as const, rows: premium, sections: ['AC', 'DEF', 'HK'] }] : []),
  { cabin_class: 'economy', rows: economy, sections: ['ABC', 'DEFG', 'HJK'] },
];

export const aircraftTypes: AircraftType[] = [
  {
    iata_code: 'E75',
    name: 'Embraer 175',
    speedKmh: 700,
    rangeKm: 3700,
    widebody: false,
    cabins: [
      { cabin_class: 'first', rows: 3, sections: ['A', 'CD'] },
      { cabin_class: 'economy', rows: 17, sections: ['AB', 'CD'] },
    ],
  },
  { iata_code: '223', name: 'Airbus A220-300', speedKmh: 760, rangeKm: 6200, widebody: false, cabins: narrow(3, 22) },
  { iata_code: '320', name: 'Airbus A320', speedKmh: 780, rangeKm: 6100, widebody: false, cabins: narrow(3, 26) },
  { iata_code: '32N', name: 'Airbus A320neo', speedKmh: 780, rangeKm: 6300, widebody: false, cabins: narrow(3, 27) },
  { iata_code: '32Q', name: 'Airbus A321neo', speedKmh: 790, rangeKm: 7400, widebody: false, cabins: narrow(4, 28, 3) },
  { iata_code: '738', name: 'Boeing 737-800', speedKmh: 780, rangeKm: 5400, widebody: false, cabins: narrow(4, 26) },
  { iata_code: '7M8', name: 'Boeing 737 MAX 8', speedKmh: 790, rangeKm: 6500, widebody: false, cabins: narrow(4, 27) },
  {
    iata_code: '333',
    name: 'Airbus A330-300',
    speedKmh: 830,
    rangeKm: 11700,
    widebody: true,
    cabins: wide(0, 7, 0, 36),
  },
  {
    iata_code: '359',
    name: 'Airbus A350-900',
    speedKmh: 850,
    rangeKm: 15000,
    widebody: true,
    cabins: wide(0, 10, 4, 32),
  },
  { iata_code: '789', name: 'Boeing 787-9', speedKmh: 850, rangeKm: 14000, widebody: true, cabins: wide(0, 8, 5, 30) },
  {
    iata_code: '77W',
    name: 'Boeing 777-300ER',
    speedKmh: 860,
    rangeKm: 13600,
    widebody: true,
    cabins: wide(2, 12, 6, 34),
  },
  {
    iata_code: '388',
    name: 'Airbus A380-800',
    speedKmh: 860,
    rangeKm: 15000,
    widebody: true,
    cabins: wide(4, 14, 6, 40),
  },
];

const regional = aircraftTypes.filter((type) => type.iata_code === 'E75');
const narrowbodies = aircraftTypes.filter((type) => !type.widebody && type.iata_code !== 'E75');
const widebodies = aircraftTypes.filter((type) => type.widebody);

/** A plausible aircraft for a leg: regional jets on short hops, narrowbodies up to ~5,000 km, then widebodies. */
export function aircraftFor(distanceKm: number, choice: number, shortHaulOnly: boolean): AircraftType | undefined {
  let pool: AircraftType[];
  if (distanceKm < 900 && choice % 3 === 0) pool = regional;
  else if (distanceKm < 5000 || shortHaulOnly) pool = narrowbodies;
  else pool = widebodies;
  const fits = pool.filter((type) => type.rangeKm >= distanceKm);
  return fits.length > 0 ? fits[choice % fits.length] : undefined;
}

/** Block time in minutes: cruise over the distance plus taxi, climb and descent, to 5 minutes. */
export function blockMinutes(distanceKm: number, aircraft: AircraftType): number {
  const minutes = (distanceKm / aircraft.speedKmh) * 60 + 30;
  return Math.max(35, Math.round(minutes / 5) * 5);
}
