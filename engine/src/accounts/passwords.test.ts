import { describe, expect, it } from 'vitest';
import { OWASP_SCRYPT, scryptHasher } from './passwords.js';

// Cheap parameters keep the suite fast; one test below pins the production parameters.
const hasher = scryptHasher({ logN: 10, r: 8, p: 1 });

describe('scrypt password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct hors', stored)).toBe(false);
    expect(await hasher.verify('Correct horse', stored)).toBe(false);
  });

  it('gives equal passwords different hashes (a fresh salt each time)', async () => {
    const [first, second] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
    expect(first).not.toBe(second);
    expect(await hasher.verify('same password', first)).toBe(true);
    expect(await hasher.verify('same password', second)).toBe(true);
  });

  it('stores the algorithm and its parameters in the hash, and verifies hashes made with other parameters', async () => {
    const stored = await hasher.hash('pw');
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const stronger = scryptHasher({ logN: 11, r: 8, p: 1 });
    expect(await stronger.verify('pw', stored)).toBe(true);
    expect(stronger.needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it('refuses malformed or missing hashes without throwing', async () => {
    expect(await hasher.verify('pw', undefined)).toBe(false);
    expect(await hasher.verify('pw', 'plain-text')).toBe(false);
    expect(await hasher.verify('pw', '$argon2id$v=19$m=1,t=1,p=1$abc$def')).toBe(false);
  });

  it('defaults to the OWASP parameters (N=2^17, r=8, p=1)', async () => {
    expect(OWASP_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 });
    const stored = await scryptHasher().hash('production cost');
    expect(stored.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
  });
});
