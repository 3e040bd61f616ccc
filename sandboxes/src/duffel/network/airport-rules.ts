/**
 * What airports allow: distance perimeters and customs limits, secondary airports that network
 * airlines leave to low-cost carriers, night curfews and minimum connection times. From the
 * airports' and regulators' public rules (2024-25), simplified to what the sandbox needs.
 */

interface Perimeter {
  maxKm: number;
  /** Destinations flown beyond the perimeter by exemption. */
  exemptions: string[];
  /** Countries it has customs or preclearance for (domestic-only airports list their own). */
  countries: string[];
}

const PERIMETERS: Record<string, Perimeter> = {
  // Washington National: 1,250 statute miles with slot exemptions; no customs (preclearance only).
  DCA: { maxKm: 2100, exemptions: 'LAX SFO SEA PHX LAS SLC SAN DEN AUS'.split(' '), countries: ['US', 'CA', 'BS'] },
  // New York LaGuardia: 1,500 statute miles, Denver excepted; no customs.
  LGA: { maxKm: 2450, exemptions: ['DEN'], countries: ['US', 'CA', 'BS'] },
  DAL: { maxKm: 5000, exemptions: [], countries: ['US'] },
  // Short runways: regional jets and turboprops only.
  LCY: { maxKm: 1800, exemptions: [], countries: [] },
  YTZ: { maxKm: 1300, exemptions: [], countries: ['CA', 'US'] },
};

/** Whether an airport's perimeter and customs let a flight to `other` (in `otherCountry`) operate. */
export function withinPerimeter(code: string, other: string, otherCountry: string, km: number): boolean {
  const perimeter = PERIMETERS[code];
  if (!perimeter) return true;
  if (perimeter.countries.length > 0 && !perimeter.countries.includes(otherCountry)) return false;
  return km <= perimeter.maxKm || perimeter.exemptions.includes(other);
}

/**
 * Second airports of a city that network airlines serve only from their own hubs and bases or on
 * a listed trunk route (Gatwick, Stansted, Midway...).
 */
export const SECONDARY_AIRPORTS = new Set(
  'LGW STN LTN SAW DMK ITM GMP SHA AEP MDW DAL HOU YTZ DWC SHJ EIN LIN ORY TFU SOU EMA LBA BLL'.split(' '),
);

/** Short hops that exist because there is no road or rail between the islands. */
const ISLAND_HOPS = new Set(['HNL-OGG', 'HNL-KOA', 'HNL-LIH', 'OGG-KOA', 'OGG-LIH']);
export const MIN_LEG_KM = 250;

export function shortHopAllowed(a: string, b: string): boolean {
  return ISLAND_HOPS.has(`${a}-${b}`) || ISLAND_HOPS.has(`${b}-${a}`);
}

/** Minutes after midnight (local) during which the airport has movements: [first, last]. */
export interface OpeningHours {
  departures: [number, number];
  arrivals: [number, number];
}

const h = (hour: number, minute = 0) => hour * 60 + minute;
const DAY_AND_NIGHT: OpeningHours = { departures: [0, h(23, 59)], arrivals: [0, h(23, 59)] };
const USUAL: OpeningHours = { departures: [h(5, 45), h(23, 59)], arrivals: [h(5), h(23, 59)] };

/** Hubs that bank departures and arrivals through the night. */
const OPEN_ALL_NIGHT = new Set(
  'DXB DOH AUH IST SIN HKG BKK DEL BOM BLR MAA HYD CCU ICN KUL JED RUH DMM BAH MCT KWI ADD NBO CAI TPE MNL CGK DPS CMB MLE KTM DAC KHI LHE ISB TAS ALA NQZ GYD TBS EVN AMM SHJ HND KIX ANC HNL'.split(
    ' ',
  ),
);

const CURFEWS: Record<string, OpeningHours> = {
  SYD: { departures: [h(6), h(22, 59)], arrivals: [h(6), h(22, 59)] },
  ADL: { departures: [h(6), h(22, 59)], arrivals: [h(6), h(22, 59)] },
  FRA: { departures: [h(5), h(22, 59)], arrivals: [h(5), h(22, 59)] },
  ZRH: { departures: [h(6), h(23, 29)], arrivals: [h(6), h(23, 29)] },
  NRT: { departures: [h(6), h(23, 59)], arrivals: [h(6), h(23, 59)] },
  LCY: { departures: [h(6, 30), h(22, 29)], arrivals: [h(6, 30), h(22, 29)] },
  ITM: { departures: [h(7), h(20, 59)], arrivals: [h(7), h(20, 59)] },
  LHR: { departures: [h(6), h(23, 29)], arrivals: [h(4, 30), h(23, 29)] },
};

export function openingHours(code: string): OpeningHours {
  return CURFEWS[code] ?? (OPEN_ALL_NIGHT.has(code) ? DAY_AND_NIGHT : USUAL);
}

export function isOpen(hours: [number, number], minuteOfDay: number): boolean {
  return minuteOfDay >= hours[0] && minuteOfDay <= hours[1];
}

/**
 * Minimum connection times in minutes, between domestic flights and when either flight is
 * international (customs, security, terminal changes), from the airports' published MCTs.
 */
const MCT: Record<string, [number, number]> = {
  LHR: [60, 90],
  LGW: [60, 75],
  JFK: [60, 90],
  EWR: [45, 75],
  CDG: [60, 75],
  FRA: [45, 45],
  MUC: [30, 45],
  AMS: [40, 50],
  ZRH: [40, 40],
  VIE: [30, 30],
  HEL: [35, 40],
  CPH: [30, 45],
  ARN: [40, 50],
  OSL: [40, 60],
  BRU: [40, 50],
  MAD: [45, 60],
  BCN: [45, 60],
  LIS: [60, 60],
  FCO: [50, 60],
  DUB: [45, 75],
  IST: [60, 75],
  DXB: [60, 75],
  DOH: [60, 60],
  AUH: [60, 60],
  SIN: [45, 60],
  HKG: [60, 60],
  ICN: [60, 70],
  HND: [60, 90],
  NRT: [60, 70],
  PEK: [90, 120],
  PVG: [90, 120],
  CAN: [60, 90],
  BKK: [55, 75],
  KUL: [60, 60],
  DEL: [60, 120],
  BOM: [75, 120],
  SYD: [60, 90],
  MEL: [45, 90],
  BNE: [45, 90],
  PER: [60, 90],
  AKL: [45, 90],
  ATL: [45, 60],
  ORD: [50, 90],
  DFW: [45, 60],
  LAX: [75, 90],
  SFO: [60, 75],
  IAH: [45, 75],
  IAD: [45, 75],
  MIA: [60, 90],
  BOS: [45, 75],
  SEA: [45, 75],
  PHL: [45, 75],
  YYZ: [60, 90],
  YVR: [60, 75],
  YUL: [45, 75],
  GRU: [60, 90],
  MEX: [60, 90],
  JNB: [60, 90],
  ADD: [60, 60],
};
const DEFAULT_MCT: [number, number] = [45, 60];

export function minimumConnectionMinutes(code: string, international: boolean): number {
  const [domestic, abroad] = MCT[code] ?? DEFAULT_MCT;
  return international ? abroad : domestic;
}
