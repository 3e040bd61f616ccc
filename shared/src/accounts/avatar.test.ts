import { describe, expect, it } from 'vitest';
import { avatarLetter, displayName } from './avatar.js';

describe('avatarLetter', () => {
  it('uses the first name, else the username, else U', () => {
    expect(avatarLetter({ firstName: 'ada', username: 'zed' })).toBe('A');
    expect(avatarLetter({ firstName: '', username: 'zed' })).toBe('Z');
    expect(avatarLetter({ firstName: '  ', username: null })).toBe('U');
    expect(avatarLetter({})).toBe('U');
  });

  it('takes a whole character, not half a surrogate pair', () => {
    expect(avatarLetter({ firstName: '𝒜lice' })).toBe('𝒜');
  });
});

describe('displayName', () => {
  it('is the full name, else the username', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: '', username: 'ada' })).toBe('Ada');
    expect(displayName({ firstName: '', lastName: '', username: 'ada' })).toBe('ada');
  });
});
