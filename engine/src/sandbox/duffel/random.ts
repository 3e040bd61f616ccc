/** Seeded randomness: the same seed text always gives the same sequence (offers are reproducible). */

/** A 32-bit hash of a string (FNV-1a, then mixed). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export type Random = () => number;

/** mulberry32: a small, fast generator, good enough for plausible fake data. */
export function seededRandom(seed: string): Random {
  let state = hash32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Duffel-looking id suffix derived from a seed: `0000AgHR1...`. */
export function idFrom(seed: string, length = 22): string {
  const random = seededRandom(seed);
  let id = '';
  for (let i = 0; i < length; i += 1) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return id;
}
