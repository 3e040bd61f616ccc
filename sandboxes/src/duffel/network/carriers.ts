import { airlines, type Airline } from '@contrail/shared';
import type { CabinClass } from '@contrail/shared/search/cabin';
import type { Region } from './regions.js';

/**
 * What each airline of the reference list is commercially: its alliance and partners, where it has
 * bases besides its hubs, which regions its short- and medium-haul network covers, its fleet and
 * the cabins it sells. Curated by hand from the airlines' and alliances' public pages and fleet
 * lists (2024-25); a model, simplified, not a timetable.
 */
export type BusinessModel = 'network' | 'hybrid' | 'low_cost';
export type Alliance = 'oneworld' | 'star' | 'skyteam';

export interface CarrierProfile {
  airline: Airline;
  model: BusinessModel;
  alliance: Alliance | null;
  /** Codeshare and interline partners outside its alliance (both ways). */
  partners: string[];
  /** Bases and focus cities besides the hubs: flights from there, and connections there. */
  focus: string[];
  /** Regions the hubs (and a low-cost carrier's bases) serve without a trunk-route entry, and how far. */
  regions: Region[];
  regionalKm: number;
  /** Countries where it (or an affiliate flying under its code) flies domestic routes. */
  homeCountries: string[];
  /** When set, its short- and medium-haul network reaches these countries only. */
  countries?: string[];
  /** Airports it does not serve, whatever the regional rule says. */
  avoid: string[];
  /** Aircraft types (IATA codes) it flies. */
  fleet: string[];
  /** Cabins sold on widebodies and on narrowbodies. */
  longHaulCabins: CabinClass[];
  shortHaulCabins: CabinClass[];
  /** Narrowbody types with a front cabin ('all' or a list); 'none' is all-economy. */
  frontCabin: 'all' | 'none' | string[];
  /** The narrowbody front cabin is sold as First within North America (US carriers). */
  domesticFirst: boolean;
  sellsConnections: boolean;
  /** A low-cost carrier whose every fare includes a cabin bag (IndiGo's 7 kg, Southwest's carry-on). */
  cabinBagIncluded: boolean;
}

const CABIN_LETTERS: Record<string, CabinClass> = { Y: 'economy', W: 'premium_economy', C: 'business', F: 'first' };
const cabins = (letters: string): CabinClass[] => [...letters].map((letter) => CABIN_LETTERS[letter]!);
const list = (text: string) => text.split(' ').filter(Boolean);

interface Entry {
  model?: BusinessModel;
  alliance?: Alliance;
  partners?: string;
  focus?: string;
  regions: string;
  km: number;
  home?: string;
  countries?: string;
  avoid?: string;
  fleet: string;
  /** Long-haul and short-haul cabins as letters: Y economy, W premium economy, C business, F first. */
  long?: string;
  short?: string;
  front?: string;
  domesticFirst?: boolean;
  /** Low-cost carriers: every fare includes a cabin bag (most include only a personal item). */
  cabinBag?: boolean;
}

const US_DOMESTIC = { short: 'YCF', domesticFirst: true };
const EU_SHORT = 'YC';
const LCC = { model: 'low_cost' as const, long: 'Y', short: 'Y', front: 'none' };
const NO_RUSSIA = 'SVO DME LED';

const ENTRIES: Record<string, Entry> = {
  // North America
  AA: {
    alliance: 'oneworld',
    focus: 'LGA',
    regions: 'NA',
    km: 4800,
    fleet: 'E75 CR9 738 7M8 321 32Q 772 77W 788 789',
    long: 'YWCF',
    ...US_DOMESTIC,
  },
  DL: {
    alliance: 'skyteam',
    partners: 'LA WS VA',
    regions: 'NA',
    km: 4800,
    fleet: 'E75 CR9 223 739 321 32Q 752 763 333 339 359',
    long: 'YWC',
    ...US_DOMESTIC,
  },
  UA: {
    alliance: 'star',
    partners: 'EI B6 EK VA',
    regions: 'NA',
    km: 4800,
    fleet: 'E75 CR9 320 739 7M9 32Q 763 772 77W 788 789 78X',
    long: 'YWC',
    ...US_DOMESTIC,
  },
  B6: {
    model: 'hybrid',
    partners: 'EI EK EY QR UA HA',
    focus: 'SJU LGA EWR',
    regions: 'NA',
    km: 4800,
    countries: 'US PR MX BS JM DO CU CR',
    avoid: 'ANC HNL OGG KOA LIH',
    fleet: '223 320 321 32Q',
    long: 'YC',
    short: 'YC',
    front: '32Q',
  },
  WN: {
    ...LCC,
    regions: 'NA',
    km: 4800,
    countries: 'US PR MX BS JM DO CR',
    avoid: 'JFK ORD DFW IAH EWR ANC',
    fleet: '738 7M8',
    cabinBag: true,
  },
  AS: {
    alliance: 'oneworld',
    partners: 'HA',
    regions: 'NA',
    km: 4800,
    countries: 'US CA MX CR',
    fleet: 'E75 739 7M9',
    long: 'YC',
    ...US_DOMESTIC,
  },
  F9: {
    ...LCC,
    focus: 'PHL ATL',
    regions: 'NA',
    km: 4800,
    countries: 'US PR MX DO JM',
    avoid: 'JFK DCA HNL OGG KOA LIH ANC',
    fleet: '320 32N 32Q',
  },
  NK: {
    ...LCC,
    focus: 'ATL',
    regions: 'NA SA',
    km: 4800,
    countries: 'US PR MX JM BS DO CR PA CO PE',
    avoid: 'JFK DCA SFO HNL OGG KOA LIH ANC',
    fleet: '320 32N 32Q',
  },
  HA: {
    partners: 'AS B6 JL VA',
    regions: 'NA',
    km: 4900,
    countries: 'US',
    fleet: '717 32Q 332 789',
    long: 'YC',
    ...US_DOMESTIC,
  },
  AC: {
    alliance: 'star',
    regions: 'NA',
    km: 5000,
    fleet: 'DH4 E75 CR9 223 320 321 7M8 333 788 789 77W',
    long: 'YWC',
    short: 'YC',
  },
  WS: {
    model: 'hybrid',
    partners: 'DL AF KL QF',
    regions: 'NA',
    km: 5000,
    fleet: 'DH4 738 7M8 789',
    long: 'YWC',
    short: 'YC',
  },
  AM: {
    alliance: 'skyteam',
    regions: 'NA',
    km: 4000,
    fleet: 'E90 738 7M8 7M9 788 789',
    long: 'YWC',
    short: 'YC',
  },
  CM: { alliance: 'star', regions: 'NA SA', km: 5600, fleet: '738 7M9', short: 'YC' },
  // South America
  LA: {
    partners: 'DL QF',
    regions: 'SA',
    km: 5000,
    home: 'CL BR PE CO EC',
    fleet: '320 321 32N 763 788 789',
    long: 'YWC',
    short: 'YC',
  },
  AV: {
    alliance: 'star',
    focus: 'SJO',
    regions: 'SA',
    km: 3500,
    home: 'CO EC CR',
    fleet: '320 32N 788',
    long: 'YC',
    short: 'YC',
  },
  // Europe
  BA: {
    alliance: 'oneworld',
    partners: 'EI',
    focus: 'LCY SIN',
    regions: 'EU ME AF',
    km: 4000,
    avoid: NO_RUSSIA,
    fleet: 'E90 319 320 32N 32Q 772 77W 788 789 78X 35K 388',
    long: 'YWCF',
    short: EU_SHORT,
  },
  VS: { alliance: 'skyteam', regions: '', km: 0, fleet: '333 339 359 789', long: 'YWC' },
  EI: {
    partners: 'BA IB AA UA B6',
    focus: 'SNN ORK',
    regions: 'EU',
    km: 3200,
    avoid: NO_RUSSIA,
    fleet: 'AT7 320 32N 32Q 333',
    long: 'YC',
    short: 'Y',
  },
  AF: {
    alliance: 'skyteam',
    partners: 'WS MK CZ',
    regions: 'EU ME AF',
    km: 4000,
    avoid: NO_RUSSIA,
    fleet: 'E90 CR9 223 319 320 321 332 359 772 77W',
    long: 'YWCF',
    short: EU_SHORT,
  },
  KL: {
    alliance: 'skyteam',
    partners: 'WS CZ EY',
    regions: 'EU ME AF',
    km: 4000,
    avoid: NO_RUSSIA,
    fleet: 'E75 E90 E95 738 739 32N 332 333 772 77W 789 78X',
    long: 'YWC',
    short: EU_SHORT,
  },
  LH: {
    alliance: 'star',
    partners: 'AZ KC',
    regions: 'EU ME AF',
    km: 4000,
    avoid: NO_RUSSIA,
    fleet: 'CR9 E90 E95 319 320 32N 321 32Q 333 359 789 748 388',
    long: 'YWCF',
    short: EU_SHORT,
  },
  IB: {
    alliance: 'oneworld',
    partners: 'EI',
    regions: 'EU AF',
    km: 3500,
    avoid: NO_RUSSIA,
    fleet: 'CR9 320 32N 321 32Q 332 333 359',
    long: 'YWC',
    short: EU_SHORT,
  },
  AY: {
    alliance: 'oneworld',
    regions: 'EU',
    km: 3500,
    avoid: NO_RUSSIA,
    fleet: 'AT7 E90 319 320 321 333 359',
    long: 'YWC',
    short: EU_SHORT,
  },
  SK: {
    alliance: 'skyteam',
    regions: 'EU',
    km: 3500,
    home: 'SE DK NO',
    avoid: NO_RUSSIA,
    fleet: 'CR9 AT7 320 32N 333 359',
    long: 'YWC',
    short: EU_SHORT,
  },
  LX: {
    alliance: 'star',
    partners: 'AZ',
    regions: 'EU ME AF',
    km: 3500,
    avoid: NO_RUSSIA,
    fleet: '223 320 32N 321 333 343 77W',
    long: 'YCF',
    short: EU_SHORT,
  },
  OS: {
    alliance: 'star',
    partners: 'AZ',
    regions: 'EU ME',
    km: 3000,
    avoid: NO_RUSSIA,
    fleet: 'E95 320 321 763 772 789',
    long: 'YWC',
    short: EU_SHORT,
  },
  TP: {
    alliance: 'star',
    partners: 'B6',
    regions: 'EU AF',
    km: 3500,
    avoid: NO_RUSSIA,
    fleet: 'E90 320 32N 32Q 339',
    long: 'YWC',
    short: EU_SHORT,
  },
  AZ: {
    partners: 'LH LX OS',
    regions: 'EU ME AF',
    km: 3500,
    avoid: NO_RUSSIA,
    fleet: '320 32N 321 332 339 359',
    long: 'YWC',
    short: EU_SHORT,
  },
  TK: {
    alliance: 'star',
    regions: 'EU ME AF CAS',
    km: 4000,
    fleet: '738 7M8 320 321 32Q 333 359 77W 789',
    long: 'YC',
    short: EU_SHORT,
  },
  U2: {
    ...LCC,
    focus: 'BRS MAN EDI GLA BFS LPL NCL BSL GVA AMS BER MXP NAP LIS OPO ORY CDG NCE LYS TLS PMI AGP VCE',
    regions: 'EU',
    km: 3800,
    avoid: `LHR LCY STN FRA MUC DUB ORK SNN ABZ LBA EMA BHX SOU BLL GOT BGO HEL OTP WAW BTS EIN CGN DUS ZRH IST SAW ${NO_RUSSIA}`,
    fleet: '319 320 32N 32Q',
  },
  FR: {
    ...LCC,
    focus: 'LTN MAN EDI BHX EMA BRS LPL AGP ALC VLC SVQ PMI KRK BUD VIE MLA OPO BTS NAP',
    regions: 'EU',
    km: 3800,
    avoid: `LHR LGW LCY CDG ORY FRA MUC AMS ZRH GVA ARN OSL BGO LIN LYS NCE IST SAW KEF SOU ${NO_RUSSIA}`,
    fleet: '738 7M8',
  },
  W6: {
    ...LCC,
    focus: 'KRK VNO BEG',
    regions: 'EU ME',
    km: 4500,
    avoid: `LHR LCY LGW STN CDG ORY FRA MUC AMS ZRH GVA IST SAW ${NO_RUSSIA}`,
    fleet: '320 32N 321 32Q',
  },
  // Middle East and Africa
  EK: {
    partners: 'QF UA B6 MK',
    regions: 'ME',
    km: 3000,
    fleet: '77W 388',
    long: 'YWCF',
    short: 'YCF',
  },
  QR: {
    alliance: 'oneworld',
    partners: 'B6 VA',
    regions: 'ME',
    km: 3000,
    fleet: '320 333 359 35K 788 789 77W 77L 388',
    long: 'YCF',
    short: 'YC',
  },
  EY: {
    partners: 'B6 KL',
    regions: 'ME',
    km: 3000,
    fleet: '320 321 359 35K 789 78X 77W 388',
    long: 'YCF',
    short: 'YC',
  },
  SV: {
    alliance: 'skyteam',
    regions: 'ME',
    km: 3500,
    fleet: '320 32N 321 333 772 77W 789 78X',
    long: 'YCF',
    short: 'YC',
  },
  GF: { regions: 'ME', km: 2500, fleet: '320 32N 321 789', long: 'YC', short: 'YC' },
  WY: { alliance: 'oneworld', regions: 'ME', km: 2500, fleet: '738 7M8 332 333 788 789', long: 'YC', short: 'YC' },
  RJ: { alliance: 'oneworld', regions: 'ME EU', km: 4000, fleet: 'E75 E95 320 321 788', long: 'YC', short: 'YC' },
  MS: {
    alliance: 'star',
    regions: 'ME EU AF',
    km: 4000,
    fleet: '223 320 32N 738 333 77W 789',
    long: 'YC',
    short: 'YC',
  },
  AT: { alliance: 'oneworld', regions: 'AF EU', km: 3800, fleet: 'E90 738 7M8 788 789', long: 'YC', short: 'YC' },
  ET: {
    alliance: 'star',
    regions: 'AF ME',
    km: 4500,
    fleet: 'DH4 738 7M8 359 77W 788 789',
    long: 'YC',
    short: 'YC',
  },
  KQ: { alliance: 'skyteam', regions: 'AF', km: 5000, fleet: 'E90 738 788', long: 'YC', short: 'YC' },
  SA: { alliance: 'star', regions: 'AF', km: 5000, fleet: '319 320 333 359', long: 'YC', short: 'YC' },
  MK: { partners: 'AF EK', regions: 'AF', km: 5500, fleet: '339 359', long: 'YC', short: 'YC' },
  // Asia
  AI: {
    alliance: 'star',
    regions: 'SAS ME SEA',
    km: 4500,
    fleet: '319 320 32N 321 32Q 788 77W 77L 359',
    long: 'YWCF',
    short: 'YC',
  },
  '6E': { ...LCC, regions: 'SAS ME SEA CAS', km: 4500, fleet: 'AT7 320 32N 32Q', cabinBag: true },
  UL: { alliance: 'oneworld', regions: 'SAS ME SEA', km: 4500, fleet: '320 32N 321 333', long: 'YC', short: 'YC' },
  CA: {
    alliance: 'star',
    focus: 'TFU',
    regions: 'EAS SEA',
    km: 5000,
    fleet: '319 320 32N 321 738 7M8 332 333 359 77W 748 789',
    long: 'YWCF',
    short: 'YCF',
  },
  MU: {
    alliance: 'skyteam',
    regions: 'EAS SEA',
    km: 5000,
    fleet: '320 32N 321 738 332 333 359 77W 789',
    long: 'YWC',
    short: 'YC',
  },
  CZ: {
    partners: 'AF KL',
    regions: 'EAS SEA',
    km: 5000,
    fleet: '320 32N 321 32Q 738 7M8 332 333 359 77W 788 789',
    long: 'YWC',
    short: 'YC',
  },
  CX: {
    alliance: 'oneworld',
    regions: 'EAS SEA SAS',
    km: 5000,
    fleet: '32Q 333 359 35K 77W',
    long: 'YWCF',
    short: 'YC',
  },
  HU: { regions: 'EAS SEA', km: 5000, fleet: '738 7M8 332 333 788 789', long: 'YC', short: 'YC' },
  BR: { alliance: 'star', regions: 'EAS SEA', km: 5000, fleet: '321 32Q 333 77W 789 78X', long: 'YWC', short: 'YC' },
  CI: { alliance: 'skyteam', regions: 'EAS SEA', km: 5000, fleet: '738 32Q 333 359 77W', long: 'YWC', short: 'YC' },
  NH: {
    alliance: 'star',
    focus: 'ITM',
    regions: 'EAS SEA',
    km: 5500,
    fleet: '320 32N 321 32Q 738 763 788 789 78X 772 77W 388',
    long: 'YWCF',
    short: 'YC',
  },
  JL: {
    alliance: 'oneworld',
    partners: 'HA',
    focus: 'ITM',
    regions: 'EAS SEA',
    km: 5500,
    fleet: 'E90 738 763 788 789 359 35K',
    long: 'YWCF',
    short: 'YCF',
  },
  KE: {
    alliance: 'skyteam',
    regions: 'EAS SEA CAS',
    km: 5000,
    fleet: '223 738 7M8 32Q 333 772 77W 789 78X 748 388',
    long: 'YCF',
    short: 'YC',
  },
  OZ: { alliance: 'star', regions: 'EAS SEA CAS', km: 5000, fleet: '321 32Q 333 359 388', long: 'YCF', short: 'YC' },
  SQ: {
    alliance: 'star',
    partners: 'VA',
    regions: 'SEA EAS SAS',
    km: 5600,
    fleet: '738 7M8 359 77W 789 78X 388',
    long: 'YWCF',
    short: 'YC',
  },
  TG: { alliance: 'star', regions: 'SEA EAS SAS', km: 5000, fleet: '320 333 359 77W 788 789', long: 'YC', short: 'YC' },
  MH: { alliance: 'oneworld', regions: 'SEA EAS SAS', km: 5500, fleet: '738 7M8 333 339 359', long: 'YC', short: 'YC' },
  GA: { alliance: 'skyteam', regions: 'SEA EAS', km: 5500, fleet: '738 7M8 333 339 77W', long: 'YC', short: 'YC' },
  PR: { regions: 'SEA EAS', km: 5000, fleet: '320 321 32Q 333 359 77W', long: 'YWC', short: 'YC' },
  VN: { alliance: 'skyteam', regions: 'SEA EAS SAS', km: 5000, fleet: '321 32N 359 789 78X', long: 'YWC', short: 'YC' },
  KC: { partners: 'LH', regions: 'CAS', km: 3000, fleet: 'E90 32N 32Q 763', long: 'YC', short: 'YC' },
  // Oceania
  QF: {
    alliance: 'oneworld',
    partners: 'EK LA WS',
    focus: 'SIN AKL ADL',
    regions: 'OC',
    km: 4800,
    countries: 'AU NZ FJ',
    fleet: 'DH4 E90 738 32Q 332 333 789 388',
    long: 'YWCF',
    short: 'YC',
  },
  VA: {
    model: 'hybrid',
    partners: 'DL UA QR SQ HA',
    focus: 'ADL PER',
    regions: 'OC',
    km: 4000,
    countries: 'AU NZ FJ',
    fleet: '738 7M8',
    long: 'YC',
    short: 'YC',
  },
  NZ: { alliance: 'star', regions: 'OC', km: 4700, fleet: 'AT7 320 32N 32Q 789 77W', long: 'YWC', short: 'Y' },
};

function profileOf(airline: Airline, entry: Entry): CarrierProfile {
  const model = entry.model ?? 'network';
  return {
    airline,
    model,
    alliance: entry.alliance ?? null,
    partners: list(entry.partners ?? ''),
    focus: list(entry.focus ?? ''),
    regions: list(entry.regions) as Region[],
    regionalKm: entry.km,
    homeCountries: list(entry.home ?? airline.country_code),
    ...(entry.countries && { countries: list(entry.countries) }),
    avoid: list(entry.avoid ?? ''),
    fleet: list(entry.fleet),
    longHaulCabins: cabins(entry.long ?? 'Y'),
    shortHaulCabins: cabins(entry.short ?? 'Y'),
    frontCabin: entry.front === 'none' ? 'none' : entry.front ? list(entry.front) : 'all',
    domesticFirst: entry.domesticFirst ?? false,
    sellsConnections: model !== 'low_cost' || ['WN', 'F9', 'NK', '6E'].includes(airline.iata_code),
    cabinBagIncluded: model !== 'low_cost' || entry.cabinBag === true,
  };
}

export const carrierProfiles: CarrierProfile[] = airlines.map((airline) => {
  const entry = ENTRIES[airline.iata_code];
  if (!entry) throw new Error(`No carrier profile for ${airline.iata_code}`);
  return profileOf(airline, entry);
});

const byCode = new Map(carrierProfiles.map((profile) => [profile.airline.iata_code, profile]));

export function carrierProfile(code: string): CarrierProfile | undefined {
  return byCode.get(code);
}

/** Hubs, then bases and focus cities: where the carrier's network starts and where it connects. */
export function connectionPoints(profile: CarrierProfile): string[] {
  return [...profile.airline.hubs, ...profile.focus];
}

/**
 * Whether `owner` may put `other`'s flight on its own ticket: its own, its alliance partners' and
 * its codeshare or interline partners'. Low-cost carriers sell only their own flights.
 */
export function sells(owner: CarrierProfile, other: CarrierProfile): boolean {
  if (owner === other) return true;
  if (owner.model === 'low_cost' || other.model === 'low_cost') return false;
  if (owner.alliance !== null && owner.alliance === other.alliance) return true;
  return owner.partners.includes(other.airline.iata_code) || other.partners.includes(owner.airline.iata_code);
}
