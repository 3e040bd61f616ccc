/** Seeded randomness: the same seed text always gives the same sequence (offers are reproducible). */

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a over `text`, continuing from `h`: hashing "ab" equals hashing "b" after "a" (no string joined). */
export function fnvUpdate(h: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** FNV-1a's starting state followed by `text`. */
export const fnvStart = (text: string) => fnvUpdate(FNV_OFFSET, text);

/** The final mix of hash32, applied to an FNV-1a state. */
export function fnvFinish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a, then mixed). */
export function hash32(text: string): number {
  return fnvFinish(fnvUpdate(FNV_OFFSET, text));
}

export type Random = () => number;

/** One step of mulberry32 from `state` (already advanced): a number in [0, 1). */
function mulberry(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The `index`-th number (from 0) of randomFromHash(hash), without a generator. */
export function randomAt(hash: number, index: number): number {
  return mulberry((hash + Math.imul(index + 1, 0x6d2b79f5)) >>> 0);
}

/** mulberry32 seeded with a hash: see seededRandom. */
export function randomFromHash(hash: number): Random {
  let state = hash;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    return mulberry(state);
  };
}

/** mulberry32: a small, fast generator, good enough for plausible fake data. */
export function seededRandom(seed: string): Random {
  return randomFromHash(hash32(seed));
}

export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ALPHABET_CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
// Ids are written into one reused buffer: no string is joined a character at a time.
const idCodes: number[] = [];

/** The id idFrom gives for a seed already hashed (an FNV-1a state, before fnvFinish). */
export function idFromState(fnvState: number, length = 22): string {
  let state = fnvFinish(fnvState);
  idCodes.length = length;
  for (let i = 0; i < length; i += 1) {
    state = (state + 0x6d2b79f5) >>> 0;
    idCodes[i] = ALPHABET_CODES[Math.floor(mulberry(state) * ALPHABET.length)]!;
  }
  return String.fromCharCode(...idCodes);
}

/** A Duffel-looking id suffix derived from a seed: `0000AgHR1...`. */
export function idFrom(seed: string, length = 22): string {
  return idFromState(fnvStart(seed), length);
}
