import { describe, expect, it } from 'vitest';
import { offer, slice } from './test-support/offer-fixture.js';
import { otherAirportNotes } from './other-airports.js';

const leg = (from: string, to: string) => ({ from, to, departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' });
const oneWay = (from: string, to: string) => offer('off_1', { slices: [slice([leg(from, to)])] });
const roundTrip = (out: [string, string], back: [string, string]) =>
  offer('off_2', { slices: [slice([leg(...out)]), slice([leg(...back)])] });

describe('which airport a result uses, when not the one typed (issue 34)', () => {
  it('says nothing when the flight uses the airports typed, or one of a typed city’s', () => {
    expect(otherAirportNotes(oneWay('SFO', 'LAX'), { origin: 'SFO', destination: 'LAX' })).toEqual([]);
    expect(otherAirportNotes(oneWay('EWR', 'LAX'), { origin: 'nyc', destination: 'LAX' })).toEqual([]);
  });

  it('names the other airport and the one typed, at each end', () => {
    const notes = otherAirportNotes(oneWay('OAK', 'BUR'), { origin: 'SFO', destination: 'LAX' });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Leaves from .*\(OAK\), not SFO$/);
    expect(notes[1]).toMatch(/^Lands at .*\(BUR\), not LAX$/);
  });

  it('on a round trip, the return is checked the other way round', () => {
    const same = roundTrip(['SFO', 'LAX'], ['LAX', 'SFO']);
    expect(otherAirportNotes(same, { origin: 'SFO', destination: 'LAX' })).toEqual([]);
    const notes = otherAirportNotes(roundTrip(['SFO', 'LAX'], ['LAX', 'SJC']), { origin: 'SFO', destination: 'LAX' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^Return lands at .*\(SJC\), not SFO$/);
  });
});
