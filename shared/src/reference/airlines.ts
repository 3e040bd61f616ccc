/** An airline the product and the sandbox know: codes, name and the airports it connects through. */
export interface Airline {
  iata_code: string;
  icao_code: string;
  name: string;
  /** ISO 3166-1 alpha-2 of the home country. */
  country_code: string;
  /** Hub airports (IATA), main hub first. */
  hubs: string[];
}

// Curated by hand from the airlines' public route maps; names and codes as IATA/ICAO publish them.
export const airlines: Airline[] = [
  {
    iata_code: 'AA',
    icao_code: 'AAL',
    name: 'American Airlines',
    country_code: 'US',
    hubs: ['DFW', 'CLT', 'ORD', 'MIA', 'PHX', 'PHL', 'LAX', 'JFK', 'DCA'],
  },
  {
    iata_code: 'DL',
    icao_code: 'DAL',
    name: 'Delta Air Lines',
    country_code: 'US',
    hubs: ['ATL', 'DTW', 'MSP', 'SLC', 'JFK', 'LAX', 'SEA', 'BOS', 'LGA'],
  },
  {
    iata_code: 'UA',
    icao_code: 'UAL',
    name: 'United Airlines',
    country_code: 'US',
    hubs: ['ORD', 'EWR', 'IAH', 'DEN', 'SFO', 'IAD', 'LAX'],
  },
  { iata_code: 'B6', icao_code: 'JBU', name: 'JetBlue', country_code: 'US', hubs: ['JFK', 'BOS', 'FLL', 'MCO'] },
  {
    iata_code: 'WN',
    icao_code: 'SWA',
    name: 'Southwest Airlines',
    country_code: 'US',
    hubs: ['DAL', 'MDW', 'BWI', 'DEN', 'LAS', 'PHX', 'HOU', 'MCO', 'ATL'],
  },
  {
    iata_code: 'AS',
    icao_code: 'ASA',
    name: 'Alaska Airlines',
    country_code: 'US',
    hubs: ['SEA', 'PDX', 'SFO', 'LAX', 'ANC'],
  },
  { iata_code: 'F9', icao_code: 'FFT', name: 'Frontier Airlines', country_code: 'US', hubs: ['DEN', 'LAS', 'MCO'] },
  {
    iata_code: 'NK',
    icao_code: 'NKS',
    name: 'Spirit Airlines',
    country_code: 'US',
    hubs: ['FLL', 'LAS', 'MCO', 'DTW'],
  },
  { iata_code: 'CX', icao_code: 'CPA', name: 'Cathay Pacific', country_code: 'HK', hubs: ['HKG'] },
  { iata_code: 'QF', icao_code: 'QFA', name: 'Qantas', country_code: 'AU', hubs: ['SYD', 'MEL', 'BNE', 'PER'] },
  { iata_code: 'BA', icao_code: 'BAW', name: 'British Airways', country_code: 'GB', hubs: ['LHR', 'LGW'] },
  { iata_code: 'LH', icao_code: 'DLH', name: 'Lufthansa', country_code: 'DE', hubs: ['FRA', 'MUC'] },
  { iata_code: 'HA', icao_code: 'HAL', name: 'Hawaiian Airlines', country_code: 'US', hubs: ['HNL'] },
  { iata_code: 'AC', icao_code: 'ACA', name: 'Air Canada', country_code: 'CA', hubs: ['YYZ', 'YVR', 'YUL', 'YYC'] },
  { iata_code: 'WS', icao_code: 'WJA', name: 'WestJet', country_code: 'CA', hubs: ['YYC', 'YYZ', 'YVR'] },
  { iata_code: 'AM', icao_code: 'AMX', name: 'Aeromexico', country_code: 'MX', hubs: ['MEX', 'GDL', 'MTY'] },
  { iata_code: 'LA', icao_code: 'LAN', name: 'LATAM Airlines', country_code: 'CL', hubs: ['SCL', 'GRU', 'LIM', 'BOG'] },
  { iata_code: 'AV', icao_code: 'AVA', name: 'Avianca', country_code: 'CO', hubs: ['BOG', 'MDE', 'SJO'] },
  { iata_code: 'CM', icao_code: 'CMP', name: 'Copa Airlines', country_code: 'PA', hubs: ['PTY'] },
  { iata_code: 'AF', icao_code: 'AFR', name: 'Air France', country_code: 'FR', hubs: ['CDG', 'ORY'] },
  { iata_code: 'KL', icao_code: 'KLM', name: 'KLM', country_code: 'NL', hubs: ['AMS'] },
  { iata_code: 'IB', icao_code: 'IBE', name: 'Iberia', country_code: 'ES', hubs: ['MAD'] },
  { iata_code: 'VS', icao_code: 'VIR', name: 'Virgin Atlantic', country_code: 'GB', hubs: ['LHR', 'MAN'] },
  { iata_code: 'EI', icao_code: 'EIN', name: 'Aer Lingus', country_code: 'IE', hubs: ['DUB'] },
  { iata_code: 'AY', icao_code: 'FIN', name: 'Finnair', country_code: 'FI', hubs: ['HEL'] },
  {
    iata_code: 'SK',
    icao_code: 'SAS',
    name: 'SAS Scandinavian Airlines',
    country_code: 'SE',
    hubs: ['CPH', 'ARN', 'OSL'],
  },
  {
    iata_code: 'LX',
    icao_code: 'SWR',
    name: 'Swiss International Air Lines',
    country_code: 'CH',
    hubs: ['ZRH', 'GVA'],
  },
  { iata_code: 'OS', icao_code: 'AUA', name: 'Austrian Airlines', country_code: 'AT', hubs: ['VIE'] },
  { iata_code: 'TP', icao_code: 'TAP', name: 'TAP Air Portugal', country_code: 'PT', hubs: ['LIS', 'OPO'] },
  { iata_code: 'AZ', icao_code: 'ITY', name: 'ITA Airways', country_code: 'IT', hubs: ['FCO', 'LIN'] },
  { iata_code: 'TK', icao_code: 'THY', name: 'Turkish Airlines', country_code: 'TR', hubs: ['IST'] },
  { iata_code: 'U2', icao_code: 'EZY', name: 'easyJet', country_code: 'GB', hubs: ['LGW', 'LTN', 'BRS', 'MAN'] },
  { iata_code: 'FR', icao_code: 'RYR', name: 'Ryanair', country_code: 'IE', hubs: ['DUB', 'STN', 'BCN', 'MAD'] },
  {
    iata_code: 'W6',
    icao_code: 'WZZ',
    name: 'Wizz Air',
    country_code: 'HU',
    hubs: ['BUD', 'WAW', 'OTP', 'SOF', 'LTN'],
  },
  { iata_code: 'EK', icao_code: 'UAE', name: 'Emirates', country_code: 'AE', hubs: ['DXB'] },
  { iata_code: 'QR', icao_code: 'QTR', name: 'Qatar Airways', country_code: 'QA', hubs: ['DOH'] },
  { iata_code: 'EY', icao_code: 'ETD', name: 'Etihad Airways', country_code: 'AE', hubs: ['AUH'] },
  { iata_code: 'SV', icao_code: 'SVA', name: 'Saudia', country_code: 'SA', hubs: ['JED', 'RUH'] },
  { iata_code: 'GF', icao_code: 'GFA', name: 'Gulf Air', country_code: 'BH', hubs: ['BAH'] },
  { iata_code: 'WY', icao_code: 'OMA', name: 'Oman Air', country_code: 'OM', hubs: ['MCT'] },
  { iata_code: 'RJ', icao_code: 'RJA', name: 'Royal Jordanian', country_code: 'JO', hubs: ['AMM'] },
  { iata_code: 'MS', icao_code: 'MSR', name: 'EgyptAir', country_code: 'EG', hubs: ['CAI'] },
  { iata_code: 'AT', icao_code: 'RAM', name: 'Royal Air Maroc', country_code: 'MA', hubs: ['CMN'] },
  { iata_code: 'ET', icao_code: 'ETH', name: 'Ethiopian Airlines', country_code: 'ET', hubs: ['ADD'] },
  { iata_code: 'KQ', icao_code: 'KQA', name: 'Kenya Airways', country_code: 'KE', hubs: ['NBO'] },
  { iata_code: 'SA', icao_code: 'SAA', name: 'South African Airways', country_code: 'ZA', hubs: ['JNB'] },
  { iata_code: 'MK', icao_code: 'MAU', name: 'Air Mauritius', country_code: 'MU', hubs: ['MRU'] },
  { iata_code: 'AI', icao_code: 'AIC', name: 'Air India', country_code: 'IN', hubs: ['DEL', 'BOM', 'BLR'] },
  {
    iata_code: '6E',
    icao_code: 'IGO',
    name: 'IndiGo',
    country_code: 'IN',
    hubs: ['DEL', 'BOM', 'BLR', 'HYD', 'CCU', 'MAA'],
  },
  { iata_code: 'UL', icao_code: 'ALK', name: 'SriLankan Airlines', country_code: 'LK', hubs: ['CMB'] },
  { iata_code: 'CA', icao_code: 'CCA', name: 'Air China', country_code: 'CN', hubs: ['PEK', 'CTU', 'PVG'] },
  {
    iata_code: 'MU',
    icao_code: 'CES',
    name: 'China Eastern Airlines',
    country_code: 'CN',
    hubs: ['PVG', 'SHA', 'KMG', 'XIY'],
  },
  {
    iata_code: 'CZ',
    icao_code: 'CSN',
    name: 'China Southern Airlines',
    country_code: 'CN',
    hubs: ['CAN', 'PKX', 'SZX', 'URC'],
  },
  { iata_code: 'HU', icao_code: 'CHH', name: 'Hainan Airlines', country_code: 'CN', hubs: ['HAK', 'PEK'] },
  { iata_code: 'BR', icao_code: 'EVA', name: 'EVA Air', country_code: 'TW', hubs: ['TPE'] },
  { iata_code: 'CI', icao_code: 'CAL', name: 'China Airlines', country_code: 'TW', hubs: ['TPE'] },
  { iata_code: 'NH', icao_code: 'ANA', name: 'All Nippon Airways', country_code: 'JP', hubs: ['HND', 'NRT', 'KIX'] },
  { iata_code: 'JL', icao_code: 'JAL', name: 'Japan Airlines', country_code: 'JP', hubs: ['HND', 'NRT'] },
  { iata_code: 'KE', icao_code: 'KAL', name: 'Korean Air', country_code: 'KR', hubs: ['ICN', 'GMP'] },
  { iata_code: 'OZ', icao_code: 'AAR', name: 'Asiana Airlines', country_code: 'KR', hubs: ['ICN'] },
  { iata_code: 'SQ', icao_code: 'SIA', name: 'Singapore Airlines', country_code: 'SG', hubs: ['SIN'] },
  { iata_code: 'TG', icao_code: 'THA', name: 'Thai Airways', country_code: 'TH', hubs: ['BKK'] },
  { iata_code: 'MH', icao_code: 'MAS', name: 'Malaysia Airlines', country_code: 'MY', hubs: ['KUL'] },
  { iata_code: 'GA', icao_code: 'GIA', name: 'Garuda Indonesia', country_code: 'ID', hubs: ['CGK', 'DPS'] },
  { iata_code: 'PR', icao_code: 'PAL', name: 'Philippine Airlines', country_code: 'PH', hubs: ['MNL', 'CEB'] },
  { iata_code: 'VN', icao_code: 'HVN', name: 'Vietnam Airlines', country_code: 'VN', hubs: ['SGN', 'HAN'] },
  { iata_code: 'NZ', icao_code: 'ANZ', name: 'Air New Zealand', country_code: 'NZ', hubs: ['AKL', 'CHC', 'WLG'] },
  { iata_code: 'VA', icao_code: 'VOZ', name: 'Virgin Australia', country_code: 'AU', hubs: ['BNE', 'SYD', 'MEL'] },
  { iata_code: 'KC', icao_code: 'KZR', name: 'Air Astana', country_code: 'KZ', hubs: ['ALA', 'NQZ'] },
];

const byCode = new Map(airlines.map((airline) => [airline.iata_code, airline]));

export function airlineByIata(code: string): Airline | undefined {
  return byCode.get(code.toUpperCase());
}

/** The airline filter of seed 000 §9, in the seed's order. */
export const FILTER_AIRLINE_CODES = ['AA', 'DL', 'UA', 'B6', 'WN', 'AS', 'F9', 'NK', 'CX', 'QF', 'BA', 'LH'] as const;

export const filterAirlines: Airline[] = FILTER_AIRLINE_CODES.map((code) => byCode.get(code)!);
