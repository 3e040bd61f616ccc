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
// Hashes of the offers generated before the generation was optimised (searches in this order:
// the last one finds the schedule already worked out by an earlier one).
const GOLDEN: Array<[name: string, search: SandboxSearch, offers: number, sha256: string]> = [
  [
    'JFK-LHR economy, one connection',
    search('economy', 1, ['adult'], ['JFK', 'LHR', '2026-12-18']),
    120,
    'd63b514f18521481c0744d105d6bb207',
  ],
  [
    'SYD-LHR return in business, with a child and an infant',
    search('business', 2, ['adult', 7, 1], ['SYD', 'LHR', '2027-03-26'], ['LHR', 'SYD', '2027-04-02']),
    78,
    '21e3ef9dd0977a5a626f4881be42e240',
  ],
  [
    'SFO-SEA premium economy, non-stop',
    search('premium_economy', 0, ['adult', 'adult'], ['SFO', 'SEA', '2026-11-23']),
    27,
    'a6c3cf802f0b00ea837046c796332b93',
  ],
  [
    'LHR-DXB first, connections only',
    search('first', 1, ['adult'], ['LHR', 'DXB', '2027-01-15']),
    3,
    'bd787a86c50cad643f26b4c4a460c6db',
  ],
  [
    'DXB-AMS, a technical stop',
    search('economy', 0, ['adult'], ['DXB', 'AMS', '2026-12-01']),
    6,
    '16fd94e80e27b9744a61ec7d38bd975b',
  ],
  [
    'JFK-EWR (hold) then BTS-MRU',
    search('economy', 1, ['adult', 15], ['JFK', 'EWR', '2026-12-03'], ['BTS', 'MRU', '2026-12-09']),
    15,
    '402b2b364f2051bfbda3047ae43335e1',
  ],
  [
    'BTS-MRU, no bags',
    search('economy', 2, ['adult'], ['BTS', 'MRU', '2026-12-09']),
    12,
    'df618cc213c333644498b729dffb26c9',
  ],
  [
    'SFO-SEA again, searched hours later: fewer flights left',
    {
      ...search('premium_economy', 0, ['adult', 'adult'], ['SFO', 'SEA', '2026-11-23']),
      createdAtMs: Date.parse('2026-11-23T16:30:00Z'),
    },
    18,
    '29dd1dec193765d41a4ea22c14b76adc',
  ],
];

describe('the sandbox generates the same offers as ever', () => {
  it.each(GOLDEN)('%s', (_, golden, count, sha256) => {
    const offers = new SearchOffers(golden, encodeSearch(golden)).all();
    expect(offers).toHaveLength(count);
    expect(createHash('sha256').update(JSON.stringify(offers)).digest('hex').slice(0, 32)).toBe(sha256);
  });
});
