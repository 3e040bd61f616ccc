import { describe, expect, it } from 'vitest';
import { mayBeSignedIn } from './signed-in-hint.js';

describe('the signed-in hint', () => {
  it('is found under either name, among other cookies', () => {
    expect(mayBeSignedIn('__Host-contrail.signed-in=1')).toBe(true);
    expect(mayBeSignedIn('a=b; contrail.signed-in=1; c=d')).toBe(true);
  });

  it('is absent without the cookie, with another value, or in another cookie', () => {
    expect(mayBeSignedIn(undefined)).toBe(false);
    expect(mayBeSignedIn('')).toBe(false);
    expect(mayBeSignedIn('contrail.signed-in=0')).toBe(false);
    expect(mayBeSignedIn('xcontrail.signed-in=1')).toBe(false);
    expect(mayBeSignedIn('contrail.session=1')).toBe(false);
  });
});
