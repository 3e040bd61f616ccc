import { describe, expect, it } from 'vitest';
import { wantsColour } from './colour.js';

const terminal = { isTTY: true, hasColors: () => true };

describe('wantsColour', () => {
  it('colours a terminal that shows colours', () => {
    expect(wantsColour({}, terminal)).toBe(true);
    expect(wantsColour({}, { isTTY: true, hasColors: () => false })).toBe(false);
    expect(wantsColour({}, { isTTY: false })).toBe(false);
  });

  it('respects NO_COLOR (any non-empty value), and FORCE_COLOR through a pipe', () => {
    expect(wantsColour({ NO_COLOR: '1' }, terminal)).toBe(false);
    expect(wantsColour({ NO_COLOR: '' }, terminal)).toBe(true);
    expect(wantsColour({ FORCE_COLOR: '1' }, { isTTY: false })).toBe(true);
    expect(wantsColour({ FORCE_COLOR: '0' }, terminal)).toBe(false);
    expect(wantsColour({ NO_COLOR: '1', FORCE_COLOR: '1' }, terminal)).toBe(false);
  });
});
