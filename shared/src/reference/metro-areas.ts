/** A city served by several airports, under its IATA city code (issue 34). */
export interface MetroArea {
  code: string;
  name: string;
  airports: readonly string[];
}

/** The cities with more than one airport in the reference data, busiest airport first. */
export const METRO_AREAS: readonly MetroArea[] = [
  { code: 'NYC', name: 'New York', airports: ['JFK', 'EWR', 'LGA'] },
  { code: 'LON', name: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY'] },
  { code: 'PAR', name: 'Paris', airports: ['CDG', 'ORY'] },
  { code: 'TYO', name: 'Tokyo', airports: ['HND', 'NRT'] },
  { code: 'CHI', name: 'Chicago', airports: ['ORD', 'MDW'] },
  { code: 'WAS', name: 'Washington', airports: ['IAD', 'DCA', 'BWI'] },
  { code: 'DFW', name: 'Dallas', airports: ['DFW', 'DAL'] },
  { code: 'HOU', name: 'Houston', airports: ['IAH', 'HOU'] },
  { code: 'MIL', name: 'Milan', airports: ['MXP', 'LIN'] },
  { code: 'MOW', name: 'Moscow', airports: ['SVO', 'DME'] },
  { code: 'IST', name: 'Istanbul', airports: ['IST', 'SAW'] },
  { code: 'DXB', name: 'Dubai', airports: ['DXB', 'DWC'] },
  { code: 'SEL', name: 'Seoul', airports: ['ICN', 'GMP'] },
  { code: 'OSA', name: 'Osaka', airports: ['KIX', 'ITM'] },
  { code: 'BJS', name: 'Beijing', airports: ['PEK', 'PKX'] },
  { code: 'SHA', name: 'Shanghai', airports: ['PVG', 'SHA'] },
  { code: 'BKK', name: 'Bangkok', airports: ['BKK', 'DMK'] },
  { code: 'YTO', name: 'Toronto', airports: ['YYZ', 'YTZ'] },
  { code: 'BUE', name: 'Buenos Aires', airports: ['EZE', 'AEP'] },
];

const byCode = new Map(METRO_AREAS.map((metro) => [metro.code, metro]));

/** The city a code names, when it is a city code (NYC) rather than an airport's. */
export function metroArea(code: string): MetroArea | undefined {
  const metro = byCode.get(code.toUpperCase());
  // DFW, IST, DXB, BKK, SHA, HOU are both: an airport code stays the airport.
  return metro && !metro.airports.includes(metro.code) ? metro : undefined;
}

/** How the airport picker names a city: "New York (all airports)". */
export const metroLabel = (metro: MetroArea) => `${metro.name} (all airports)`;
