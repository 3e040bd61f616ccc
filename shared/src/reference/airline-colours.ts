import { contrastRatio } from '../brand/theme.js';

/**
 * Each airline's main livery colour, for the monogram badge shown where the provider sends no logo
 * (issue 33 item 13: no licensed logo files are bundled). Taken by eye from the airlines' own
 * sites and liveries; one entry per airline of the reference list (airlines.ts).
 */
export const AIRLINE_COLOURS: Readonly<Record<string, string>> = {
  AA: '#0061AB',
  DL: '#C01933',
  UA: '#005DAA',
  B6: '#003876',
  WN: '#304CB2',
  AS: '#01426A',
  F9: '#006341',
  NK: '#FFEC00',
  CX: '#006564',
  QF: '#E0001B',
  BA: '#075AAA',
  LH: '#05164D',
  HA: '#5B2C86',
  AC: '#D22630',
  WS: '#00778B',
  AM: '#0B2343',
  LA: '#1B0088',
  AV: '#DA291C',
  CM: '#00447C',
  AF: '#002157',
  KL: '#00A1DE',
  IB: '#D7192D',
  VS: '#E10A0A',
  EI: '#006272',
  AY: '#0B1560',
  SK: '#000A4B',
  LX: '#E30613',
  OS: '#D81E05',
  TP: '#00A050',
  AZ: '#006643',
  TK: '#C70A0C',
  U2: '#FF6600',
  FR: '#073590',
  W6: '#C6007E',
  EK: '#D71921',
  QR: '#5C0632',
  EY: '#BD8B13',
  SV: '#006C35',
  GF: '#B2955A',
  WY: '#8C1D40',
  RJ: '#231F20',
  MS: '#0A2B6C',
  AT: '#C1272D',
  ET: '#078930',
  KQ: '#C8102E',
  SA: '#002C5F',
  MK: '#E2231A',
  AI: '#DA0E29',
  '6E': '#001B94',
  UL: '#A4123F',
  CA: '#E60012',
  MU: '#1A3A8F',
  CZ: '#0074C1',
  HU: '#C8102E',
  BR: '#00693E',
  CI: '#D1005B',
  NH: '#13448F',
  JL: '#CC0000',
  KE: '#00256C',
  OZ: '#8C1D40',
  SQ: '#002663',
  TG: '#4B0082',
  MH: '#00457C',
  GA: '#005E80',
  PR: '#00386B',
  VN: '#006883',
  NZ: '#000000',
  VA: '#E10A0A',
  KC: '#00758F',
};

/** The airline's badge colours: its livery colour and the text (black or white) that reads best on it. */
export function airlineBadgeColours(code: string): { background: string; text: string } | undefined {
  const background = AIRLINE_COLOURS[code];
  if (!background) return undefined;
  const text = contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
  return { background, text };
}
