import { describe, expect, it } from 'vitest';
import { initials, withInitials } from './initials.js';

describe('initials', () => {
  it('keeps the first letter of each word of a name', () => {
    expect(initials('Zelda')).toBe('Z.');
    expect(initials('  van der Berg ')).toBe('V. D. B.');
    expect(initials('Quixotic-Ray')).toBe('Q. R.');
    expect(initials('Émile')).toBe('É.');
  });

  it('leaves an erased name and an empty one as they are', () => {
    expect(initials('[erased]')).toBe('[erased]');
    expect(initials('')).toBe('');
  });

  it('replaces both names of a traveller and keeps the rest', () => {
    expect(withInitials({ id: 'p1', type: 'adult', given_name: 'Zelda', family_name: 'Quixotic' })).toEqual({
      id: 'p1',
      type: 'adult',
      given_name: 'Z.',
      family_name: 'Q.',
    });
  });
});
