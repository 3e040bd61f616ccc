import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SearchOffers } from './offers.js';
import { encodeSearch, type SandboxSearch } from './request-codec.js';

const createdAtMs = Date.parse('2026-11-22T12:00:00Z');

function search(
  cabin: SandboxSearch['cabin'],
  maxConnections: number,
  passengers: SandboxSearch['passengers'],
  ...slices: Array<[origin: string, destination: string, departureDate: string]>
): SandboxSearch {
  return {
    createdAtMs,
    nonce: '5eed5eed',
    cabin,
    maxConnections,
    passengers,
    slices: slices.map(([origin, destination, departureDate]) => ({ origin, destination, departureDate })),
  };
}

// Offers regenerate from their ids, so what a search generates must never drift: a change meant
// only to make generation faster must leave every byte of these searches' offers as it was.
// Hashes of the offers generated before the generation was optimised, taken again when offer
// passengers gained their names and loyalty accounts (searches in this order: the last one finds
// the schedule already worked out by an earlier one).
const GOLDEN: Array<[name: string, search: SandboxSearch, offers: number, sha256: string]> = [
  [
    'JFK-LHR economy, one connection',
    search('economy', 1, ['adult'], ['JFK', 'LHR', '2026-12-18']),
    120,
    '178164cb6ea51a43e1892de05759099a',
  ],
  [
    'SYD-LHR return in business, with a child and an infant',
    search('business', 2, ['adult', 7, 1], ['SYD', 'LHR', '2027-03-26'], ['LHR', 'SYD', '2027-04-02']),
    78,
    '76b9473fb4bc9829235087e5bf5a1ebe',
  ],
  [
    'SFO-SEA premium economy, non-stop',
    search('premium_economy', 0, ['adult', 'adult'], ['SFO', 'SEA', '2026-11-23']),
    27,
    '844e0e2091ef80c9b9598d72becdcf1f',
  ],
  [
    'LHR-DXB first, connections only',
    search('first', 1, ['adult'], ['LHR', 'DXB', '2027-01-15']),
    3,
    'dce2c9cc490b498d39f92d8e64a650d2',
  ],
  [
    'DXB-AMS, a technical stop',
    search('economy', 0, ['adult'], ['DXB', 'AMS', '2026-12-01']),
    6,
    'cee611195f84303acb4bdcd4bf41b381',
  ],
  [
    'JFK-EWR (hold) then BTS-MRU',
    search('economy', 1, ['adult', 15], ['JFK', 'EWR', '2026-12-03'], ['BTS', 'MRU', '2026-12-09']),
    15,
    '469078b6fc65512ce09ff24f63f9c5eb',
  ],
  [
    'BTS-MRU, no bags',
    search('economy', 2, ['adult'], ['BTS', 'MRU', '2026-12-09']),
    12,
    '19a145ddfd68685532fdb44e70a703b6',
  ],
  [
    'SFO-SEA again, searched hours later: fewer flights left',
    {
      ...search('premium_economy', 0, ['adult', 'adult'], ['SFO', 'SEA', '2026-11-23']),
      createdAtMs: Date.parse('2026-11-23T16:30:00Z'),
    },
    18,
    '10dfca10fb1a9dacad89719f58860a66',
  ],
];

describe('the sandbox generates the same offers as ever', () => {
  it.each(GOLDEN)('%s', (_, golden, count, sha256) => {
    const offers = new SearchOffers(golden, encodeSearch(golden)).all();
    expect(offers).toHaveLength(count);
    expect(createHash('sha256').update(JSON.stringify(offers)).digest('hex').slice(0, 32)).toBe(sha256);
  });
});
