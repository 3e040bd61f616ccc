import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };

export interface PasswordHasher {
  /** A self-describing hash: `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64), so parameters can change. */
  hash(password: string): Promise<string>;
  /** Checks in constant time. Without a stored hash it still does the work, so timing reveals nothing. */
  verify(password: string, stored: string | undefined): Promise<boolean>;
  /** True when a hash was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 2 * 128 * N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [, logN, r, p, salt, key] = match;
  return {
    params: { logN: Number(logN), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    key: Buffer.from(key!, 'base64'),
  };
}

/**
 * scrypt from node:crypto (memory-hard, no native add-on to install). Production always uses
 * OWASP_SCRYPT; only tests pass cheaper parameters, explicitly, through the app's dependencies.
 */
export function scryptHasher(params: ScryptParams = OWASP_SCRYPT): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params, KEY_BYTES);
    return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
  };
  return {
    hash,
    async verify(password, stored) {
      const parsed = stored === undefined ? undefined : parse(stored);
      if (!parsed) {
        dummy ??= hash('not a password');
        await derive(password, parse(await dummy)!.salt, params, KEY_BYTES);
        return false;
      }
      const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
      return timingSafeEqual(key, parsed.key);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed || parsed.params.logN !== params.logN || parsed.params.r !== params.r || parsed.params.p !== params.p
      );
    },
  };
}
