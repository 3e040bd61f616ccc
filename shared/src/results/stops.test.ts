import { describe, expect, it } from 'vitest';
import { matchesStopOption, stopsLabel } from './stops.js';

describe('stopsLabel', () => {
  it('counts segments: 1 is non-stop, 2 is one stop, n is n-1 stops', () => {
    expect(stopsLabel(1)).toBe('Non-stop');
    expect(stopsLabel(2)).toBe('1 stop');
    expect(stopsLabel(3)).toBe('2 stops');
    expect(stopsLabel(5)).toBe('4 stops');
  });
});

describe('matchesStopOption', () => {
  it('matches 0 and 1 exactly and 2 as two or more', () => {
    expect(matchesStopOption(0, 0)).toBe(true);
    expect(matchesStopOption(1, 0)).toBe(false);
    expect(matchesStopOption(1, 1)).toBe(true);
    expect(matchesStopOption(2, 1)).toBe(false);
    expect(matchesStopOption(2, 2)).toBe(true);
    expect(matchesStopOption(4, 2)).toBe(true);
    expect(matchesStopOption(1, 2)).toBe(false);
  });
});
