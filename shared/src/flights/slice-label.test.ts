import { describe, expect, it } from 'vitest';
import { multiCityRoute, sliceLabel, tripKindLabel } from './slice-label.js';

const slice = (from: string, to: string) => ({ origin: { iata_code: from }, destination: { iata_code: to } });

describe('sliceLabel', () => {
  it('keeps Outbound and Return for one way and return trips', () => {
    expect(sliceLabel([slice('JFK', 'LHR')], 0)).toBe('Outbound');
    const back = [slice('JFK', 'LHR'), slice('LHR', 'JFK')];
    expect([sliceLabel(back, 0), sliceLabel(back, 1)]).toEqual(['Outbound', 'Return']);
    // Flying home into the same airport from another city counts as a return.
    expect(sliceLabel([slice('JFK', 'LHR'), slice('CDG', 'JFK')], 1)).toBe('Return');
  });

  it('numbers the flights of open-jaw and multi-city trips', () => {
    const openJaw = [slice('JFK', 'LHR'), slice('CDG', 'BOS')];
    expect([sliceLabel(openJaw, 0), sliceLabel(openJaw, 1)]).toEqual(['Flight 1', 'Flight 2']);
    const three = [slice('JFK', 'LHR'), slice('LHR', 'CDG'), slice('CDG', 'JFK')];
    expect(three.map((_, i) => sliceLabel(three, i))).toEqual(['Flight 1', 'Flight 2', 'Flight 3']);
  });

  it('reads a two-flight trip without codes as a return, as before', () => {
    expect(sliceLabel([{}, {}], 1)).toBe('Return');
  });
});

describe('tripKindLabel and multiCityRoute', () => {
  it('name the kind of trip', () => {
    expect(tripKindLabel([slice('JFK', 'LHR')])).toBe('One Way');
    expect(tripKindLabel([slice('JFK', 'LHR'), slice('LHR', 'JFK')])).toBe('Round Trip');
    expect(tripKindLabel([slice('JFK', 'LHR'), slice('LHR', 'CDG'), slice('CDG', 'JFK')])).toBe('Multi-city');
  });

  it('write the route as one chain where the flights join, and apart where they do not', () => {
    expect(multiCityRoute([slice('JFK', 'LHR'), slice('LHR', 'CDG'), slice('CDG', 'JFK')])).toBe(
      'JFK → LHR → CDG → JFK',
    );
    expect(multiCityRoute([slice('JFK', 'LHR'), slice('CDG', 'BOS')], 'to')).toBe('JFK to LHR, CDG to BOS');
  });
});
