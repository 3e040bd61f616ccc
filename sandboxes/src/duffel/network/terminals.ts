import type { Alliance } from './carriers.js';

/**
 * Terminals as the airports publish them (2024-25), only where the sandbox's airlines are known
 * to use them; anywhere else a segment says null, as Duffel does when it has no terminal.
 * Single-terminal airports (Amsterdam, Istanbul, Doha, Bangkok) have none.
 */
type Rule = string | { domestic: string | null; international: string | null } | { schengen: string; other: string };

interface AirportTerminals {
  carriers?: Record<string, Rule>;
  alliances?: Partial<Record<Alliance, Rule>>;
  /** Every other carrier. */
  others?: Rule;
}

const international = (terminal: string): Rule => ({ domestic: null, international: terminal });

const TERMINALS: Record<string, AirportTerminals> = {
  LHR: {
    carriers: {
      BA: '5',
      IB: '5',
      AY: '3',
      QF: '3',
      CX: '3',
      JL: '3',
      AA: '3',
      DL: '3',
      VS: '3',
      EK: '3',
      UA: '2',
      AC: '2',
      LH: '2',
      LX: '2',
      OS: '2',
      TP: '2',
      SQ: '2',
      NH: '2',
      TK: '2',
      AI: '2',
      EI: '2',
      ET: '2',
      BR: '2',
      CA: '2',
      MS: '2',
      KL: '4',
      AF: '4',
      EY: '4',
      KE: '4',
      GF: '4',
      VN: '4',
      KQ: '4',
    },
  },
  JFK: {
    carriers: {
      AA: '8',
      BA: '8',
      IB: '8',
      AY: '8',
      QR: '8',
      CX: '8',
      JL: '8',
      B6: '5',
      EI: '5',
      DL: '4',
      VS: '4',
      EK: '4',
      KL: '4',
      SQ: '4',
      AF: '1',
      LH: '1',
      TK: '1',
      KE: '1',
      UA: '7',
    },
  },
  LGA: { carriers: { DL: 'C', AA: 'B', UA: 'B' } },
  EWR: { carriers: { UA: 'C' } },
  BOS: {
    carriers: { B6: 'C', DL: 'A', AA: 'B', UA: 'B' },
    others: international('E'),
  },
  ORD: { carriers: { UA: '1', AA: '3', DL: '5' }, others: international('5') },
  LAX: { carriers: { AA: '4', UA: '7', AS: '6', WN: '1', DL: '3' }, others: international('B') },
  SFO: { carriers: { UA: { domestic: '3', international: 'I' } }, others: international('I') },
  ATL: { carriers: { DL: { domestic: 'S', international: 'I' } }, others: international('I') },
  DFW: { carriers: { AA: international('D') }, others: international('D') },
  YYZ: {
    carriers: { AC: '1', WS: '3', BA: '3', AF: '3', KL: '3', DL: '3', AA: '3', EK: '3' },
    alliances: { star: '1' },
  },
  CDG: {
    carriers: {
      AF: { schengen: '2F', other: '2E' },
      KL: '2F',
      DL: '2E',
      BA: '2A',
      AA: '2A',
      CX: '2A',
      EK: '2C',
      QR: '1',
      EY: '1',
    },
    alliances: { star: '1' },
  },
  FRA: { alliances: { star: '1', oneworld: '2', skyteam: '2' }, carriers: { EK: '2', EY: '2', QR: '2' } },
  MUC: { alliances: { star: '2', oneworld: '1', skyteam: '1' }, carriers: { EK: '1', QR: '1' } },
  DUB: { carriers: { EI: '2', AA: '2', DL: '2', UA: '2', B6: '2', FR: '1' } },
  DXB: { carriers: { EK: '3' }, others: '1' },
  AUH: { others: 'A' },
  HKG: { others: '1' },
  SYD: {
    carriers: {
      QF: { domestic: '3', international: '1' },
      VA: { domestic: '2', international: '1' },
    },
    others: international('1'),
  },
  MEL: {
    carriers: {
      QF: { domestic: '1', international: '2' },
      VA: { domestic: '3', international: '2' },
    },
    others: international('2'),
  },
  DEL: { carriers: { AI: '3' }, others: international('3') },
  BOM: { carriers: { AI: '2' }, others: international('2') },
  NRT: { alliances: { oneworld: '2', star: '1', skyteam: '1' } },
  HND: {
    carriers: {
      JL: { domestic: '1', international: '3' },
      NH: { domestic: '2', international: '3' },
    },
    others: international('3'),
  },
  ICN: { alliances: { skyteam: '2', star: '1', oneworld: '1' }, others: '1' },
  PEK: { alliances: { star: '3' } },
  TPE: { carriers: { BR: '2', CI: '1' } },
  MAD: { carriers: { IB: { schengen: '4', other: '4S' }, AA: '4S', BA: '4S', QR: '4S' } },
  BCN: { carriers: { FR: '2', U2: '2', W6: '2' }, others: '1' },
  MEX: { carriers: { AM: '2' }, others: '1' },
  GRU: { others: international('3') },
};

const SCHENGEN = new Set(
  'FR DE ES IT NL BE AT CH DK SE NO FI PT GR PL CZ HU SK SI EE LV LT IS MT HR RO BG LU LI'.split(' '),
);

export interface TerminalQuery {
  airport: string;
  carrier: string;
  alliance: Alliance | null;
  /** The flight leaves or lands in another country. */
  international: boolean;
  /** The country at the other end of the flight. */
  otherCountry: string;
}

/** The terminal a carrier's flight uses at an airport, or null when it is not known. */
export function terminalFor(query: TerminalQuery): string | null {
  const airport = TERMINALS[query.airport];
  if (!airport) return null;
  const rule =
    airport.carriers?.[query.carrier] ??
    (query.alliance ? airport.alliances?.[query.alliance] : undefined) ??
    airport.others;
  if (rule === undefined) return null;
  if (typeof rule === 'string') return rule;
  if ('schengen' in rule) return SCHENGEN.has(query.otherCountry) ? rule.schengen : rule.other;
  return query.international ? rule.international : rule.domestic;
}

/** Every terminal name the table knows at an airport (for tests). */
export function knownTerminals(airport: string): string[] {
  const entry = TERMINALS[airport];
  if (!entry) return [];
  const rules = [...Object.values(entry.carriers ?? {}), ...Object.values(entry.alliances ?? {}), entry.others];
  return rules.flatMap((rule) => {
    if (rule === undefined) return [];
    if (typeof rule === 'string') return [rule];
    if ('schengen' in rule) return [rule.schengen, rule.other];
    return [rule.domestic, rule.international].filter((name): name is string => name !== null);
  });
}
