/**
 * The non-stop long-haul and inter-regional routes each carrier flies, both ways, from its hubs
 * and bases, with the daily frequency where it is more than one ("JFK*8"). Short- and medium-haul
 * flights inside a carrier's regions come from the regional rule in `graph.ts` instead.
 *
 * Source: curated by hand from the airlines' published route maps and timetables (2024-25
 * schedules), limited to the airports of the reference list; seasonal routes and most
 * fifth-freedom tags are left out. No dataset of airline routes with a licence fit for reuse is
 * published on the npm registry (the OpenFlights route list is not packaged there and stopped
 * being updated in 2014), so the table is maintained here.
 */
const TABLE: Record<string, string[]> = {
  AA: [
    'JFK: LHR*5 MAD BCN CDG FCO GRU EZE HND',
    'DFW: LHR*3 CDG FRA MAD FCO DUB HND NRT ICN BNE GRU SCL LIM BOG HNL OGG',
    'MIA: LHR*2 MAD GRU*2 GIG EZE*2 SCL LIM*3 BOG*3 MDE UIO BSB',
    'CLT: LHR FRA MUC MAD DUB LIS BCN FCO',
    'PHL: LHR*2 CDG MAD BCN FCO DUB EDI MAN LIS ZRH AMS ATH NAP VCE PRG BUD CPH',
    'ORD: LHR*2 DUB BCN MAD FCO ATH HNL',
    'LAX: LHR HND',
    'PHX: LHR',
  ],
  DL: [
    'ATL: LHR*2 CDG AMS*2 FRA FCO MAD BCN DUB EDI MAN ZRH BRU LIS ATH TLV JNB CPT LOS ACC ICN HND PVG GRU EZE SCL LIM BOG HNL',
    'JFK: LHR*3 CDG*2 AMS FCO MXP MAD BCN ATH NCE LIS DUB EDI ZRH CPH TLV ACC LOS DSS GRU EZE PRG NAP VCE KEF',
    'DTW: LHR AMS*2 CDG FRA ICN HND PVG',
    'MSP: LHR AMS CDG ICN HND HNL',
    'SLC: LHR AMS CDG ICN HNL',
    'SEA: LHR AMS CDG ICN*2 HND PVG',
    'LAX: LHR CDG SYD BNE AKL ICN HND PVG',
    'BOS: LHR*2 CDG AMS DUB EDI FCO LIS',
  ],
  UA: [
    'EWR: LHR*5 FRA*2 MUC CDG AMS ZRH GVA BRU DUB EDI BCN MAD FCO MXP VCE NAP ATH LIS OPO BER CPH ARN TLV*2 DEL BOM CPT JNB NRT GRU GIG BOG LIM HNL',
    'ORD: LHR*3 FRA MUC CDG AMS ZRH DUB FCO ATH HND NRT HNL',
    'IAD: LHR*2 FRA*2 MUC CDG AMS ZRH GVA BRU DUB MAD FCO LIS ACC LOS HND',
    'IAH: LHR FRA MUC NRT SYD GRU LIM BOG',
    'DEN: LHR FRA MUC NRT HNL OGG',
    'SFO: LHR*2 FRA MUC CDG ZRH HND NRT ICN TPE HKG SIN PVG PEK MNL SYD MEL BNE AKL PPT',
    'LAX: LHR HND NRT SYD MEL',
  ],
  B6: ['JFK: LHR*2 LGW CDG AMS DUB EDI BOG MDE LIM', 'BOS: LHR DUB EDI AMS CDG', 'FLL: BOG MDE LIM'],
  AS: ['SEA: HNL OGG KOA LIH'],
  HA: ['HNL: JFK BOS AUS NRT HND KIX ICN SYD BNE AKL PPT'],
  AC: [
    'YYZ: LHR*3 MAN DUB CDG FRA MUC ZRH FCO BCN LIS ATH TLV DEL HND NRT ICN PVG GRU BOG LIM',
    'YVR: LHR FRA HND NRT KIX ICN PVG PEK HKG TPE MNL SYD BNE AKL',
    'YUL: LHR CDG*2 FRA GVA BRU BCN FCO ATH LIS NCE TLS LYS ALG CMN',
    'YYC: LHR',
  ],
  WS: ['YYC: LGW DUB EDI CDG FCO BCN NRT', 'YYZ: LGW EDI DUB'],
  AM: ['MEX: MAD BCN CDG AMS LHR FCO NRT ICN GRU SCL EZE LIM BOG MDE UIO'],
  CM: [],
  LA: [
    'SCL: MAD JFK MIA LAX SYD MEL AKL MEX CUN',
    'GRU: MAD BCN LHR FRA MXP LIS JFK MIA MCO BOS JNB MEX CUN',
    'LIM: JFK MIA LAX MCO MAD BCN MEX CUN SJO',
    'BOG: MIA JFK MCO',
  ],
  AV: [
    'BOG: MIA*3 JFK FLL MCO IAD BOS LAX MEX CUN SJO SJU PUJ SDQ HAV MAD BCN LHR',
    'MDE: MIA JFK FLL MCO MAD MEX CUN',
    'SJO: MIA JFK IAD LAX MEX CUN',
  ],
  BA: [
    'LHR: JFK*8 EWR*2 BOS*2 IAD*2 PHL ORD*2 DFW*2 IAH*2 ATL MIA*2 TPA LAX*2 SFO*2 SEA DEN LAS SAN AUS BNA MSY NAS YYZ*2 YVR YUL YYC MEX GRU GIG SCL',
    'LHR: DXB*3 DOH*2 AUH BAH KWI MCT RUH JED JNB*2 CPT NBO LOS ABV ACC DEL*2 BOM*2 BLR HYD MAA ISB HKG*2 SIN*2 BKK KUL PVG HND*2 MLE MRU',
    'LGW: MCO TPA MBJ CUN LIM',
  ],
  VS: [
    'LHR: JFK*6 BOS IAD ATL*2 MIA MCO TPA LAX*2 SFO*2 SEA LAS AUS JNB CPT LOS DEL*2 BOM TLV MBJ CUN ISB LHE',
    'MAN: JFK ATL MCO LAS',
  ],
  EI: ['DUB: JFK*3 BOS*2 ORD IAD PHL MCO LAX SFO SEA CLE MSP DEN YYZ', 'SNN: JFK BOS'],
  AF: [
    'CDG: JFK*3 BOS IAD ATL DTW MSP ORD IAH DFW DEN MIA LAX SFO SEA YUL*2 YYZ YVR MEX CUN PTY BOG LIM SCL GRU GIG EZE HAV SDQ PUJ',
    'CDG: DXB DEL BOM BLR HKG SIN BKK PEK PVG HND NRT KIX ICN SGN JNB CPT NBO LOS ABV ACC DSS MRU',
  ],
  KL: [
    'AMS: JFK*3 BOS IAD ATL ORD IAH DFW DEN LAX SFO SEA YYZ YVR YUL MEX CUN PTY BOG LIM GRU GIG HAV PUJ',
    'AMS: DXB RUH DEL BOM BLR HKG SIN KUL CGK MNL TPE PEK PVG XMN HGH NRT KIX ICN JNB CPT NBO LOS ABV ACC DAR',
  ],
  LH: [
    'FRA: JFK*2 EWR*2 BOS IAD ORD IAH DFW DEN MIA LAX SFO SEA PHL CLT DTW YYZ YUL YVR MEX CUN PTY BOG GRU EZE',
    'FRA: DXB RUH JED DMM KWI BAH MCT DEL*2 BOM BLR MAA HYD HKG SIN BKK PEK PVG HND ICN JNB CPT NBO ADD LOS ABV ALA NQZ TAS GYD TBS EVN',
    'MUC: JFK EWR BOS IAD ORD IAH DEN LAX SFO CLT YYZ DXB DEL BOM BLR HKG SIN BKK PEK PVG HND ICN JNB',
  ],
  IB: ['MAD: JFK*3 BOS ORD MIA*2 LAX SFO IAD MEX*2 GRU EZE*2 SCL LIM BOG MDE UIO HAV SDQ PUJ PTY SJO SJU NRT'],
  AY: ['HEL: JFK ORD LAX DFW SEA NRT HND KIX NGO ICN SIN BKK DEL HKG'],
  SK: ['CPH: JFK EWR BOS ORD LAX SFO MIA SEA NRT', 'ARN: EWR', 'OSL: EWR'],
  LX: ['ZRH: JFK*2 EWR BOS IAD ORD MIA LAX SFO YUL GRU DXB DEL BOM HKG SIN BKK PVG NRT JNB CPT', 'GVA: JFK'],
  OS: ['VIE: JFK EWR ORD IAD YYZ BKK NRT DEL MLE MRU'],
  TP: ['LIS: JFK EWR BOS IAD MIA ORD SFO YYZ YUL GRU*2 GIG BSB CNF LOS ACC'],
  AZ: ['FCO: JFK*2 BOS MIA LAX ORD GRU EZE HND'],
  TK: [
    'IST: JFK*3 EWR BOS IAD ORD*2 IAH ATL MIA SFO LAX SEA DFW DTW YYZ YUL MEX CUN BOG GRU',
    'IST: DEL BOM KHI LHE ISB DAC KTM CMB MLE SIN BKK KUL CGK MNL HKG PEK PVG CAN HND KIX ICN TPE SGN HAN',
    'IST: JNB CPT DUR NBO LOS ABV ACC DAR DSS MRU SEZ',
  ],
  U2: ['LGW: RAK HRG TLV', 'LTN: RAK', 'MAN: RAK HRG', 'BRS: RAK'],
  FR: ['STN: RAK', 'MAD: RAK', 'MAN: RAK'],
  W6: [],
  EK: [
    'DXB: JFK*3 EWR BOS IAD ORD IAH DFW MIA LAX SFO SEA MCO YYZ GRU',
    'DXB: LHR*6 LGW*2 MAN*3 BHX NCL GLA EDI DUB CDG*3 NCE LYS AMS FRA*2 MUC DUS HAM ZRH GVA VIE CPH OSL ARN HEL MAD BCN LIS OPO FCO MXP VCE ATH LCA MLA PRG WAW BUD IST BRU SVO LED',
    'DXB: DEL*3 BOM*3 BLR*2 MAA HYD CCU COK TRV AMD KHI LHE ISB CMB MLE DAC KTM',
    'DXB: SIN*3 BKK*3 HKT KUL CGK DPS MNL HKG PEK PVG CAN HND NRT KIX ICN TPE SGN HAN',
    'DXB: SYD*3 MEL*2 BNE PER ADL AKL JNB*3 CPT DUR NBO ADD LOS ABV ACC DAR MRU*2 SEZ CMN ALG TUN GYD',
  ],
  QR: [
    'DOH: JFK*2 BOS IAD ORD DFW IAH ATL MIA LAX SFO SEA PHL YUL GRU',
    'DOH: LHR*6 LGW MAN BHX EDI DUB CDG*2 NCE AMS FRA MUC DUS BER ZRH GVA VIE CPH OSL ARN HEL MAD BCN LIS FCO MXP ATH PRG WAW BUD BEG SOF IST BRU SVO TBS GYD ALA',
    'DOH: DEL BOM BLR MAA HYD CCU COK TRV AMD GOX NAG ATQ KHI LHE ISB CMB MLE DAC KTM',
    'DOH: SIN BKK HKT KUL PEN CGK DPS MNL CEB HKG PEK PVG CAN CTU HND NRT KIX ICN TPE SGN HAN PNH RGN',
    'DOH: SYD MEL PER ADL AKL JNB CPT DUR NBO ADD LOS ABV ACC DAR MRU SEZ CMN ALG TUN DSS',
  ],
  EY: [
    'AUH: JFK ORD IAD YYZ LHR*4 MAN DUB CDG AMS FRA MUC DUS ZRH GVA VIE CPH MAD BCN FCO MXP ATH IST PRG WAW BRU',
    'AUH: DEL BOM BLR MAA HYD COK TRV CCU KHI LHE ISB CMB MLE DAC KTM SIN BKK HKT KUL CGK DPS MNL HKG PEK PVG NRT ICN SYD MEL PER JNB NBO CMN',
  ],
  SV: [
    'JED: JFK IAD LHR*2 MAN CDG FRA GVA FCO VIE IST DEL BOM COK CCJ KHI LHE ISB DAC KUL CGK MNL CMN ALG TUN ADD NBO',
    'RUH: JFK LHR CDG FRA IST DEL BOM KHI LHE ISB DAC MNL KUL CMN',
  ],
  GF: ['BAH: LHR*2 CDG FRA ATH IST DEL BOM COK CCJ TRV KHI LHE ISB DAC CMB MLE BKK'],
  WY: ['MCT: LHR FRA MUC DEL BOM BLR MAA HYD COK TRV CCJ LKO JAI KHI LHE ISB DAC KTM BKK KUL DAR'],
  RJ: ['AMM: JFK ORD DTW YUL DXB DOH'],
  MS: ['CAI: JFK IAD YYZ NRT CAN DEL BOM JNB NBO ADD DXB DOH'],
  AT: ['CMN: JFK IAD MIA BOS YUL GRU CAI DOH JED LOS ABV ACC'],
  ET: ['ADD: IAD EWR ORD ATL YYZ LHR MAN DUB FRA BRU VIE ARN OSL IST DEL BOM BKK SIN HKG CAN PEK PVG NRT ICN GRU'],
  KQ: ['NBO: JFK LHR*2 CDG AMS DXB JED BOM BKK CAN'],
  SA: ['JNB: IAD PER GRU'],
  MK: ['MRU: CDG KUL SIN PER BOM'],
  AI: [
    'DEL: JFK*2 EWR ORD IAD SFO*2 YYZ YVR LHR*3 CDG FRA VIE CPH MEL SYD NRT HKG',
    'BOM: JFK EWR SFO LHR*2',
    'BLR: SFO LHR',
  ],
  '6E': ['DEL: IST', 'BOM: IST'],
  UL: ['CMB: LHR NRT MEL SYD'],
  CA: ['PEK: JFK LAX SFO IAD YVR LHR CDG FRA MUC MAD VIE ZRH SVO SYD MEL'],
  MU: ['PVG: JFK LAX LHR CDG AMS MAD SYD MEL AKL'],
  CZ: ['CAN: LAX LHR CDG AMS SYD*2 MEL BNE PER ADL AKL NBO DEL', 'URC: ALA TAS'],
  HU: ['PEK: SEA BOS ORD BER MAN BRU'],
  BR: ['TPE: LAX SFO SEA JFK ORD IAH YVR YYZ LHR CDG AMS VIE MUC BNE'],
  CI: ['TPE: LAX SFO SEA ONT JFK YVR FRA AMS SYD BNE'],
  NH: ['HND: JFK LAX SFO SEA ORD IAD LHR FRA MUC CDG SYD DEL HNL*2', 'NRT: SFO LAX IAH MEX YVR PER BRU VIE BOM HNL'],
  JL: ['HND: JFK ORD DFW SFO LHR CDG FRA HEL SYD BKK SIN HNL', 'NRT: LAX SEA BOS YVR MEL BOM DEL HNL KOA'],
  KE: ['ICN: JFK LAX SFO SEA ATL ORD IAD DFW LAS HNL YVR YYZ LHR CDG FRA AMS MAD FCO ZRH VIE PRG SYD BNE AKL KTM'],
  OZ: ['ICN: JFK LAX SFO SEA HNL FRA CDG FCO BCN SYD'],
  SQ: [
    'SIN: JFK*2 EWR LAX SFO SEA LHR*4 MAN CDG AMS FRA MUC ZRH BCN CPH FCO IST',
    'SIN: SYD*4 MEL*4 BNE*2 ADL PER*2 AKL*2 CHC JNB',
  ],
  TG: ['BKK: LHR FRA MUC ZRH CPH OSL ARN BRU SYD MEL PER'],
  MH: ['KUL: LHR JED SYD MEL PER ADL AKL'],
  GA: ['CGK: AMS JED SYD MEL', 'DPS: SYD MEL PER'],
  PR: ['MNL: LAX SFO SEA JFK HNL YVR YYZ SYD MEL'],
  VN: ['SGN: SFO LHR FRA CDG SYD MEL', 'HAN: FRA CDG'],
  KC: ['ALA: FRA AMS IST DEL BKK ICN PEK DXB TBS', 'NQZ: FRA IST'],
  QF: [
    'SYD: LAX*2 DFW SFO HNL SIN*2 HKG*2 NRT HND CGK DPS JNB SCL YVR',
    'MEL: LAX DFW SIN HND DEL',
    'BNE: LAX HND',
    'PER: CDG FCO JNB SIN DPS',
  ],
  VA: ['BNE: DPS', 'SYD: DPS', 'MEL: DPS'],
  NZ: ['AKL: LAX SFO IAH ORD JFK HNL YVR NRT HND SIN HKG PER'],
};

/**
 * Flights that keep their number through a stop where passengers may also get on and off
 * (QF1 Sydney-Singapore-London): the second leg leaves after the first lands, whatever else
 * connects there. Both directions are listed.
 */
export const THROUGH_FLIGHTS: Array<{
  carrier: string;
  number: string;
  airports: [string, string, string];
  /** The type the airline flies it with (QF1 is an A380): a through flight keeps one aircraft. */
  aircraft: string;
}> = [
  { carrier: 'QF', number: '1', airports: ['SYD', 'SIN', 'LHR'], aircraft: '388' },
  { carrier: 'QF', number: '2', airports: ['LHR', 'SIN', 'SYD'], aircraft: '388' },
  { carrier: 'QF', number: '9', airports: ['MEL', 'PER', 'LHR'], aircraft: '789' },
  { carrier: 'QF', number: '10', airports: ['LHR', 'PER', 'MEL'], aircraft: '789' },
  { carrier: 'QF', number: '3', airports: ['SYD', 'AKL', 'JFK'], aircraft: '789' },
  { carrier: 'QF', number: '4', airports: ['JFK', 'AKL', 'SYD'], aircraft: '789' },
  { carrier: 'BA', number: '15', airports: ['LHR', 'SIN', 'SYD'], aircraft: '77W' },
  { carrier: 'BA', number: '16', airports: ['SYD', 'SIN', 'LHR'], aircraft: '77W' },
];

export interface TrunkRoute {
  carrier: string;
  from: string;
  to: string;
  /** Flights a day each way. */
  daily: number;
}

/** Every table entry, once per direction. */
export const trunkRoutes: TrunkRoute[] = Object.entries(TABLE).flatMap(([carrier, lines]) =>
  lines.flatMap((line) => {
    const [from, destinations] = line.split(':') as [string, string];
    return destinations
      .trim()
      .split(/\s+/)
      .flatMap((text) => {
        const [to, daily] = text.split('*') as [string, string | undefined];
        const count = daily ? Number(daily) : 1;
        return [
          { carrier, from: from.trim(), to, daily: count },
          { carrier, from: to, to: from.trim(), daily: count },
        ];
      });
  }),
);
