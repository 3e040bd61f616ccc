import { describe, expect, it } from 'vitest';
import { flightLinesOf, type SliceLike } from './confirmation-email.js';

const slice = (from: string, to: string, departs: string): SliceLike => ({
  origin: { iata_code: from, city_name: from === 'SEA' ? 'Seattle' : from },
  destination: { iata_code: to, city_name: to },
  departure_time: departs,
  arrival_time: departs,
});

describe('the confirmation email’s flights (issue 34)', () => {
  it('names each flight of a multi-city trip', () => {
    const lines = flightLinesOf([
      slice('SEA', 'SFO', '2026-12-29T19:00:00'),
      slice('SFO', 'LAX', '2027-01-01T19:00:00'),
      slice('LAX', 'SEA', '2027-01-05T07:00:00'),
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Flight 1: Seattle (SEA) to SFO (SFO): departs 2026-12-29 19:00, arrives 2026-12-29 19:00');
    expect(lines[2]).toMatch(/^Flight 3: LAX \(LAX\) to SEA \(SEA\): departs 2027-01-05 07:00/);
  });

  it('writes a return trip’s flights as before', () => {
    const lines = flightLinesOf([
      slice('SEA', 'SFO', '2026-12-29T19:00:00'),
      slice('SFO', 'SEA', '2027-01-05T07:00:00'),
    ]);
    expect(lines[1]).toBe('SFO (SFO) to SEA (SEA): departs 2027-01-05 07:00, arrives 2027-01-05 07:00');
  });
});
