#!/usr/bin/env node
// Regenerates airports.ts from the airport-data-js dataset (CC BY 4.0, a dev dependency of
// @contrail/shared), keeping only the fields the product needs, so that neither the engine nor
// the storefront bundle depends on the dataset at run time.
//   node shared/src/reference/generate-airports.mjs
// The list below chooses the airports (the busiest of each region, hubs, and the airports of
// Duffel's documented test routes) and gives each the city travellers know it by; everything
// else (name, ICAO code, country, coordinates, time zone) comes from the dataset.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const { getAirportByIata } = require('airport-data-js');

const CHOSEN = `
ATL Atlanta|LAX Los Angeles|ORD Chicago|DFW Dallas|DEN Denver|JFK New York|SFO San Francisco|SEA Seattle
LAS Las Vegas|MCO Orlando|EWR Newark|CLT Charlotte|PHX Phoenix|IAH Houston|MIA Miami|BOS Boston
MSP Minneapolis|FLL Fort Lauderdale|DTW Detroit|PHL Philadelphia|LGA New York|BWI Baltimore|SLC Salt Lake City
SAN San Diego|IAD Washington|DCA Washington|MDW Chicago|TPA Tampa|BNA Nashville|AUS Austin|HNL Honolulu
DAL Dallas|PDX Portland|STL St. Louis|HOU Houston|SMF Sacramento|MSY New Orleans|RDU Raleigh|SJC San Jose
SNA Santa Ana|MCI Kansas City|OAK Oakland|SAT San Antonio|RSW Fort Myers|CLE Cleveland|IND Indianapolis
PIT Pittsburgh|CMH Columbus|CVG Cincinnati|MKE Milwaukee|JAX Jacksonville|OGG Kahului|BDL Hartford
ANC Anchorage|ONT Ontario|BUR Burbank|ABQ Albuquerque|PBI West Palm Beach|OMA Omaha|BUF Buffalo
RIC Richmond|ELP El Paso|BOI Boise|TUS Tucson|SDF Louisville|OKC Oklahoma City|MEM Memphis|CHS Charleston
RNO Reno|ORF Norfolk|PVD Providence|SAV Savannah|ALB Albany|KOA Kona|LIH Lihue|GEG Spokane|TUL Tulsa
DSM Des Moines|BHM Birmingham
YYZ Toronto|YVR Vancouver|YUL Montreal|YYC Calgary|YEG Edmonton|YOW Ottawa|YWG Winnipeg|YHZ Halifax
YTZ Toronto|YQB Quebec City|YXE Saskatoon|YYJ Victoria|YQR Regina|YYT St. John's|YLW Kelowna
MEX Mexico City|CUN Cancun|GDL Guadalajara|MTY Monterrey|TIJ Tijuana|SJD San Jose del Cabo|PVR Puerto Vallarta
GRU Sao Paulo|GIG Rio de Janeiro|BOG Bogota|LIM Lima|SCL Santiago|EZE Buenos Aires|AEP Buenos Aires
PTY Panama City|SJO San Jose|SJU San Juan|MDE Medellin|UIO Quito|HAV Havana|MBJ Montego Bay|NAS Nassau
PUJ Punta Cana|SDQ Santo Domingo|BSB Brasilia|CNF Belo Horizonte
LHR London|LGW London|STN London|LTN London|LCY London|MAN Manchester|EDI Edinburgh|BHX Birmingham
GLA Glasgow|BRS Bristol|NCL Newcastle|LPL Liverpool|EMA East Midlands|BFS Belfast|ABZ Aberdeen|LBA Leeds
SOU Southampton|DUB Dublin|SNN Shannon|ORK Cork
CDG Paris|ORY Paris|AMS Amsterdam|FRA Frankfurt|MUC Munich|MAD Madrid|BCN Barcelona|FCO Rome|IST Istanbul
SAW Istanbul|ZRH Zurich|GVA Geneva|VIE Vienna|CPH Copenhagen|OSL Oslo|ARN Stockholm|HEL Helsinki
BRU Brussels|LIS Lisbon|OPO Porto|ATH Athens|MXP Milan|LIN Milan|VCE Venice|NAP Naples|BER Berlin
HAM Hamburg|DUS Dusseldorf|CGN Cologne|STR Stuttgart|WAW Warsaw|KRK Krakow|PRG Prague|BUD Budapest
OTP Bucharest|SOF Sofia|NCE Nice|LYS Lyon|MRS Marseille|TLS Toulouse|PMI Palma de Mallorca|AGP Malaga
ALC Alicante|VLC Valencia|SVQ Seville|BIO Bilbao|LPA Las Palmas|TFS Tenerife|KEF Reykjavik|RIX Riga
TLL Tallinn|VNO Vilnius|BEG Belgrade|ZAG Zagreb|SPU Split|DBV Dubrovnik|LJU Ljubljana|MLA Malta
LCA Larnaca|BGO Bergen|GOT Gothenburg|BLL Billund|SVO Moscow|DME Moscow|LED Saint Petersburg|BSL Basel
HER Heraklion|BTS Bratislava|EIN Eindhoven
DXB Dubai|DWC Dubai|AUH Abu Dhabi|DOH Doha|RUH Riyadh|JED Jeddah|DMM Dammam|KWI Kuwait City|BAH Bahrain
MCT Muscat|TLV Tel Aviv|AMM Amman|BEY Beirut|CAI Cairo|SHJ Sharjah
JNB Johannesburg|CPT Cape Town|DUR Durban|ADD Addis Ababa|NBO Nairobi|LOS Lagos|ABV Abuja|ACC Accra
CMN Casablanca|RAK Marrakech|ALG Algiers|TUN Tunis|DAR Dar es Salaam|MRU Mauritius|SEZ Mahe|DSS Dakar
HRG Hurghada|RAI Praia
DEL Delhi|BOM Mumbai|BLR Bengaluru|MAA Chennai|HYD Hyderabad|CCU Kolkata|AMD Ahmedabad|COK Kochi|PNQ Pune
GOI Goa|GOX Goa|TRV Thiruvananthapuram|JAI Jaipur|LKO Lucknow|CCJ Kozhikode|GAU Guwahati|IXC Chandigarh
PAT Patna|BBI Bhubaneswar|SXR Srinagar|IXB Bagdogra|VNS Varanasi|NAG Nagpur|IDR Indore|IXE Mangaluru
VTZ Visakhapatnam|CJB Coimbatore|ATQ Amritsar|TRZ Tiruchirappalli|BDQ Vadodara|IXR Ranchi|RPR Raipur
CMB Colombo|KTM Kathmandu|DAC Dhaka|KHI Karachi|LHE Lahore|ISB Islamabad|MLE Male
PEK Beijing|PKX Beijing|PVG Shanghai|SHA Shanghai|CAN Guangzhou|SZX Shenzhen|CTU Chengdu|TFU Chengdu
KMG Kunming|XIY Xi'an|CKG Chongqing|HGH Hangzhou|NKG Nanjing|WUH Wuhan|CSX Changsha|XMN Xiamen|TAO Qingdao
HAK Haikou|SYX Sanya|URC Urumqi|CGO Zhengzhou|TSN Tianjin|SHE Shenyang|DLC Dalian|HRB Harbin|FOC Fuzhou
NNG Nanning|KWE Guiyang|LHW Lanzhou|TYN Taiyuan|HKG Hong Kong|MFM Macau|TPE Taipei|KHH Kaohsiung
HND Tokyo|NRT Tokyo|KIX Osaka|ITM Osaka|NGO Nagoya|FUK Fukuoka|CTS Sapporo|OKA Okinawa|ICN Seoul|GMP Seoul
PUS Busan|CJU Jeju
SIN Singapore|BKK Bangkok|DMK Bangkok|HKT Phuket|CNX Chiang Mai|KUL Kuala Lumpur|PEN Penang|BKI Kota Kinabalu
CGK Jakarta|DPS Denpasar|SUB Surabaya|MNL Manila|CEB Cebu|SGN Ho Chi Minh City|HAN Hanoi|DAD Da Nang
PNH Phnom Penh|RGN Yangon
SYD Sydney|MEL Melbourne|BNE Brisbane|PER Perth|ADL Adelaide|OOL Gold Coast|CNS Cairns|CBR Canberra
HBA Hobart|DRW Darwin|TSV Townsville|AKL Auckland|WLG Wellington|CHC Christchurch|ZQN Queenstown|NAN Nadi
PPT Papeete
ALA Almaty|NQZ Astana|TAS Tashkent|GYD Baku|TBS Tbilisi|EVN Yerevan
`;

const round = (value) => Math.round(value * 1e5) / 1e5;

async function main() {
  const chosen = CHOSEN.split(/[|\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => ({ iata: entry.slice(0, 3), city: entry.slice(4) }));
  const seen = new Set();
  const rows = [];
  for (const { iata, city } of chosen) {
    if (seen.has(iata)) throw new Error(`${iata} is listed twice`);
    seen.add(iata);
    const [found] = await getAirportByIata(iata);
    if (!found) throw new Error(`${iata} is not in the dataset`);
    if (!found.time || !found.country_code) throw new Error(`${iata} lacks a time zone or country`);
    rows.push({
      id: `arp_${iata.toLowerCase()}_${found.country_code.toLowerCase()}`,
      iata_code: iata,
      icao_code: found.icao || null,
      name: found.airport,
      city_name: city,
      country_code: found.country_code,
      latitude: round(found.latitude),
      longitude: round(found.longitude),
      time_zone: found.time,
    });
  }
  const lines = rows.map((row) => `  ${JSON.stringify(row)},`);
  const source = `// Generated by generate-airports.mjs. Do not edit by hand.
// Airport data from airport-data-js 3.1.0 by Aashish Vivekanand, licensed CC BY 4.0
// (https://creativecommons.org/licenses/by/4.0/). Changes: a selection of airports and fields,
// Duffel-style ids, rounded coordinates and the city names travellers use.
import type { Airport } from './airport.js';

export const airports: Airport[] = [
${lines.join('\n')}
];
`;
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'airports.ts');
  const options = await prettier.resolveConfig(target);
  writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
  console.log(`wrote ${rows.length} airports to ${target}`);

  // The place names alone, for a page that names airports without the whole table (the results' summary).
  const places = rows.map((row) => `${row.iata_code}${row.city_name || row.name}`).join('|');
  const placesSource = `// Generated by generate-airports.mjs from the same data as airports.ts. Do not edit by hand.
/** Each airport's IATA code followed by the place travellers know it by, separated by "|". */
export const AIRPORT_PLACES = ${JSON.stringify(places)};
`;
  const placesTarget = path.join(path.dirname(fileURLToPath(import.meta.url)), 'airport-places.ts');
  writeFileSync(placesTarget, await prettier.format(placesSource, { ...options, filepath: placesTarget }));
}

await main();
