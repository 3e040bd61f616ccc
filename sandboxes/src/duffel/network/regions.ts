/** World regions by country (ISO 3166-1 alpha-2): a carrier's short- and medium-haul network stays in some of them. */
export type Region = 'NA' | 'SA' | 'EU' | 'ME' | 'AF' | 'SAS' | 'EAS' | 'SEA' | 'OC' | 'CAS';

const COUNTRIES: Record<Region, string> = {
  NA: 'US CA MX PR CU JM BS DO PA CR',
  SA: 'BR CO PE CL AR EC',
  EU: 'GB IE FR NL DE ES IT TR CH AT DK NO SE FI BE PT GR PL CZ HU RO BG IS LV EE LT RS HR SI MT CY RU SK',
  ME: 'AE QA SA KW BH OM IL JO LB EG',
  AF: 'ZA ET KE NG GH MA DZ TN TZ MU SC SN CV',
  SAS: 'IN LK NP BD PK MV',
  EAS: 'CN HK MO TW JP KR',
  SEA: 'SG TH MY ID PH VN KH MM',
  OC: 'AU NZ FJ PF',
  CAS: 'KZ UZ AZ GE AM',
};

const regionByCountry = new Map<string, Region>(
  (Object.entries(COUNTRIES) as Array<[Region, string]>).flatMap(([region, codes]) =>
    codes.split(' ').map((code) => [code, region] as const),
  ),
);

export function regionOf(countryCode: string): Region | undefined {
  return regionByCountry.get(countryCode);
}

/**
 * Country pairs with no direct flights (closed airspace, no diplomatic relations or traffic rights),
 * as of the 2024-25 schedules.
 */
const NO_DIRECT_FLIGHTS: Array<[string, string]> = [
  ['IN', 'PK'],
  ...['LB', 'KW', 'SA', 'QA', 'OM', 'PK', 'DZ', 'TN', 'BD', 'MY', 'ID'].map((code): [string, string] => ['IL', code]),
  ...'GB IE FR NL DE ES IT CH AT DK NO SE FI BE PT GR PL CZ HU RO BG IS LV EE LT HR SI MT CY SK US CA JP KR AU NZ'
    .split(' ')
    .map((code): [string, string] => ['RU', code]),
];
const closedPairs = new Set(NO_DIRECT_FLIGHTS.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]));

export function directFlightsAllowed(countryA: string, countryB: string): boolean {
  return !closedPairs.has(`${countryA}${countryB}`);
}
