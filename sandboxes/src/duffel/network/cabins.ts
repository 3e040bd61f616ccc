import type { CabinClass } from '@contrail/shared/search/cabin';
import type { AircraftType, CabinLayout } from '../aircraft.js';
import type { CarrierProfile } from './carriers.js';
import { regionOf } from './regions.js';

export const CABIN_ORDER: CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];
export const cabinRank = (cabin: CabinClass) => CABIN_ORDER.indexOf(cabin);

interface FlightEnds {
  originCountry: string;
  destinationCountry: string;
}

const withinNorthAmerica = (ends: FlightEnds) =>
  regionOf(ends.originCountry) === 'NA' && regionOf(ends.destinationCountry) === 'NA';

function hasFrontCabin(carrier: CarrierProfile, aircraft: AircraftType): boolean {
  if (aircraft.kind === 'widebody') return true;
  return (
    carrier.frontCabin === 'all' || (carrier.frontCabin !== 'none' && carrier.frontCabin.includes(aircraft.iata_code))
  );
}

/**
 * The cabins of one airline's aircraft on one flight, front to back: the type's layout less the
 * cabins the airline does not sell; a US airline's single-aisle front cabin is First within North
 * America.
 */
export function cabinLayouts(carrier: CarrierProfile, aircraft: AircraftType, ends: FlightEnds): CabinLayout[] {
  const sold = new Set(aircraft.kind === 'widebody' ? carrier.longHaulCabins : carrier.shortHaulCabins);
  const domesticFirst = carrier.domesticFirst && aircraft.kind !== 'widebody' && withinNorthAmerica(ends);
  return aircraft.cabins.flatMap((layout) => {
    if (layout.cabin_class === 'economy') return [layout];
    if (!hasFrontCabin(carrier, aircraft)) return [];
    const cabin_class = domesticFirst && layout.cabin_class === 'business' ? 'first' : layout.cabin_class;
    return sold.has(cabin_class) ? [{ ...layout, cabin_class }] : [];
  });
}

// Asked for every flight of every option of a new search: kept per airline, aircraft type and
// whether the flight is within North America.
const classes = new WeakMap<CarrierProfile, Map<AircraftType, Map<boolean, readonly CabinClass[]>>>();

/** The cabin classes of `cabinLayouts`, front to back (one frozen list per airline, aircraft type and region). */
export function cabinClasses(carrier: CarrierProfile, aircraft: AircraftType, ends: FlightEnds): readonly CabinClass[] {
  let byAircraft = classes.get(carrier);
  if (!byAircraft) {
    byAircraft = new Map();
    classes.set(carrier, byAircraft);
  }
  let byRegion = byAircraft.get(aircraft);
  if (!byRegion) {
    byRegion = new Map();
    byAircraft.set(aircraft, byRegion);
  }
  const northAmerica = withinNorthAmerica(ends);
  let found = byRegion.get(northAmerica);
  if (!found) {
    found = Object.freeze(cabinLayouts(carrier, aircraft, ends).map((layout) => layout.cabin_class));
    byRegion.set(northAmerica, found);
  }
  return found;
}

/**
 * The cabin sold on a flight for a requested cabin: the best the flight has at or below it; a
 * request for business takes the domestic First that is a US single-aisle's premium cabin.
 */
export function cabinFor(available: readonly CabinClass[], wanted: CabinClass, aircraft: AircraftType): CabinClass {
  if (
    wanted === 'business' &&
    aircraft.kind !== 'widebody' &&
    available.includes('first') &&
    !available.includes('business')
  )
    return 'first';
  return [...CABIN_ORDER]
    .reverse()
    .find((cabin) => cabinRank(cabin) <= cabinRank(wanted) && available.includes(cabin))!;
}

const NAMES: Record<string, Partial<Record<CabinClass, [short: string, long: string]>>> = {
  AA: {
    economy: ['Main Cabin', 'Main Cabin'],
    business: ['Business', 'Flagship Business'],
    first: ['First', 'Flagship First'],
  },
  DL: {
    economy: ['Main Cabin', 'Main Cabin'],
    premium_economy: ['Delta Premium Select', 'Delta Premium Select'],
    business: ['Delta One', 'Delta One'],
    first: ['Delta First', 'Delta First'],
  },
  UA: {
    premium_economy: ['United Premium Plus', 'United Premium Plus'],
    business: ['United Business', 'United Polaris'],
    first: ['United First', 'United First'],
  },
  BA: {
    economy: ['Euro Traveller', 'World Traveller'],
    premium_economy: ['World Traveller Plus', 'World Traveller Plus'],
    business: ['Club Europe', 'Club World'],
  },
  VS: { premium_economy: ['Premium', 'Premium'], business: ['Upper Class', 'Upper Class'] },
  B6: { economy: ['Core', 'Core'], business: ['Mint', 'Mint'] },
  LH: { business: ['Business', 'Business'] },
  AF: { premium_economy: ['Premium', 'Premium'], first: ['La Première', 'La Première'] },
};
const DEFAULT_NAMES: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

/** The airline's own name for a cabin ("Club World", "Main Cabin"). */
export function cabinMarketingName(carrier: string, cabin: CabinClass, longHaul: boolean): string {
  return NAMES[carrier]?.[cabin]?.[longHaul ? 1 : 0] ?? DEFAULT_NAMES[cabin];
}
