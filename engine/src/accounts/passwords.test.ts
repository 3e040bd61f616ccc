import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { generatedPasswordKey, OWASP_SCRYPT, passwordsWith, scryptHasher, scryptSlots } from './passwords.js';

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

describe('generated passwords (fast keyed hash, upgraded at first sign-in)', () => {
  const passwords = passwordsWith(hasher, generatedPasswordKey('a-server-secret-of-at-least-32-characters'));

  it('stores them as a salted HMAC-SHA-256 that verifies and always needs a rehash', async () => {
    const stored = await passwords.hashGenerated('Gen3rated-Pa55word!xyz');
    expect(stored).toMatch(/^\$hmac-sha256\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await passwords.hashGenerated('Gen3rated-Pa55word!xyz')).not.toBe(stored);
    expect(await passwords.verify('Gen3rated-Pa55word!xyz', stored)).toBe(true);
    expect(await passwords.verify('Gen3rated-Pa55word!xy', stored)).toBe(false);
    expect(passwords.needsRehash(stored)).toBe(true);
  });

  it('depends on the server secret: another key verifies nothing', async () => {
    const stored = await passwords.hashGenerated('Gen3rated-Pa55word!xyz');
    const otherServer = passwordsWith(hasher, generatedPasswordKey('another-server-secret-of-32-characters!'));
    expect(await otherServer.verify('Gen3rated-Pa55word!xyz', stored)).toBe(false);
  });

  it('hashes chosen passwords with scrypt and verifies them as before', async () => {
    const stored = await passwords.hash('a chosen password');
    expect(stored.startsWith('$scrypt$ln=10,')).toBe(true);
    expect(await passwords.verify('a chosen password', stored)).toBe(true);
    expect(passwords.needsRehash(stored)).toBe(false);
    expect(await passwords.verify('pw', undefined)).toBe(false);
    expect(await passwords.verify('pw', '$hmac-sha256$bad')).toBe(false);
  });
});

describe('the scrypt cap', () => {
  it('is the number of cores, shared by every hasher of the process', () => {
    expect(scryptSlots.concurrency).toBe(availableParallelism());
  });

  it('runs no more hashes at once than its slots, queueing the rest', async () => {
    const slots = pLimit(2);
    const capped = scryptHasher({ logN: 10, r: 8, p: 1 }, slots);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, slots.activeCount)), 0);
    const hashes = Array.from({ length: 6 }, (_, i) => capped.hash(`password ${i}`));
    expect(slots.activeCount + slots.pendingCount).toBe(6);
    expect(slots.activeCount).toBeLessThanOrEqual(2);
    const stored = await Promise.all(hashes);
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(2);
    expect(slots.activeCount + slots.pendingCount).toBe(0);
    expect(await capped.verify('password 5', stored[5])).toBe(true);
  });
});
