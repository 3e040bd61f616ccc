/// <reference types="node" />
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = '';
  for (const character of text.replace(/=+$/, '')) {
    const value = BASE32.indexOf(character);
    if (value < 0) throw new Error(`Not Base32: ${character}`);
    bits += value.toString(2).padStart(5, '0');
  }
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

/**
 * The authenticator app's side, written from RFC 6238 (SHA-1, 6 digits, 30 s) independently of
 * the engine's library, so the browser test checks the engine against the standard.
 */
export function totpCode(secretBase32: string, at: Date): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const digest = createHmac('sha1', base32Bytes(secretBase32)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
