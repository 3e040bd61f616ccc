import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUrl, totpCodeAt, totpStepAt } from './totp.js';

/** RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" in Base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** RFC 6238 appendix B, SHA-1 column: Unix time (s) -> 8-digit TOTP. */
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('encodes the RFC secret as the Base32 used here', () => {
    expect(Buffer.from('12345678901234567890').toString('hex')).toBe('3132333435363738393031323334353637383930');
    expect(RFC_SECRET).toHaveLength(32);
  });

  it.each(RFC_VECTORS)('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(code);
  });

  it.each(RFC_VECTORS)('accepts the RFC 6238 code at %i s as its own step', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(matchingStep(RFC_SECRET, code, at, 8)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the code of the step before and after (drift), and no further', () => {
    const secret = newTotpSecret();
    const at = new Date(1_700_000_000_000);
    const step = totpStepAt(at);
    const codeOf = (offset: number) => totpCodeAt(secret, new Date((step + offset) * 30_000));
    expect(matchingStep(secret, codeOf(-1), at)).toBe(step - 1);
    expect(matchingStep(secret, codeOf(0), at)).toBe(step);
    expect(matchingStep(secret, codeOf(1), at)).toBe(step + 1);
    expect(matchingStep(secret, codeOf(-2), at)).toBeUndefined();
    expect(matchingStep(secret, codeOf(2), at)).toBeUndefined();
  });

  it('refuses a wrong code', () => {
    const secret = newTotpSecret();
    const at = new Date(1_700_000_000_000);
    const right = totpCodeAt(secret, at);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(matchingStep(secret, wrong, at)).toBeUndefined();
  });

  it('makes 160-bit Base32 secrets, different each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('names the issuer and account in the otpauth URI', () => {
    const url = otpauthUrl(RFC_SECRET, 'SkyHop Travel', 'ops');
    expect(url).toMatch(/^otpauth:\/\/totp\/SkyHop%20Travel:ops\?/);
    expect(url).toContain(`secret=${RFC_SECRET}`);
    expect(url).toContain('issuer=SkyHop%20Travel');
    expect(url).toContain('digits=6');
    expect(url).toContain('period=30');
  });
});
