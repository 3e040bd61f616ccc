import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedJson } from './cached-json.js';

/** JSON of about `bytes` bytes, repetitive like a search page, with some variety. */
function jsonOf(bytes: number): Buffer {
  const items = Array.from({ length: Math.max(1, Math.ceil(bytes / 60)) }, (_, index) => ({
    id: `off_${index.toString(36)}`,
    total_amount: ((index * 7919) % 100_000) / 100,
  }));
  return Buffer.from(JSON.stringify(items));
}

describe('CachedJson', () => {
  // The brotli window follows the body's size: the smallest, the largest, and both sides of a power of two.
  it.each([2, 1_000, 1 << 16, (1 << 16) + 100, 300_000, 6_000_000])(
    'compresses a body of about %i bytes once per encoding, to bytes that decompress to it',
    async (size) => {
      const body = jsonOf(size);
      const answer = new CachedJson(body, 'W/"v1"');
      const br = await answer.encoded('br');
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(await answer.encoded('gzip')).equals(body)).toBe(true);
      expect(await answer.encoded('br')).toBe(br);
      if (body.length > 10_000) expect(br.length).toBeLessThan(body.length / 3);
    },
  );
});
