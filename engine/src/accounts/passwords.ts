import { createHmac, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';

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

/** A hasher that also stores server-generated passwords with a fast keyed hash. */
export interface Passwords extends PasswordHasher {
  /**
   * For a password the server generated with at least 120 random bits (a guest's new account, the
   * initial admin): `$hmac-sha256$<salt>$<mac>`, keyed with a server secret. Guessing such a
   * password is hopeless without a memory-hard hash, so the booking path skips scrypt's cost;
   * `needsRehash` is true for it, so the first sign-in stores it with scrypt.
   */
  hashGenerated(password: string): Promise<string>;
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * Concurrent scrypt hashes are capped to the number of cores: each takes a libuv thread and
 * 128 MiB for ~0.4 s, and more at once only queue on the thread pool, delaying every other
 * file and DNS call (and the memory grows with each). Shared by every hasher of the process.
 */
export const scryptSlots: LimitFunction = pLimit(availableParallelism());

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
export function scryptHasher(params: ScryptParams = OWASP_SCRYPT, slots: LimitFunction = scryptSlots): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const limited = (password: string, salt: Buffer, cost: ScryptParams, length: number) =>
    slots(() => derive(password, salt, cost, length));
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await limited(password, salt, params, KEY_BYTES);
    return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
  };
  return {
    hash,
    async verify(password, stored) {
      const parsed = stored === undefined ? undefined : parse(stored);
      if (!parsed) {
        dummy ??= hash('not a password');
        await limited(password, parse(await dummy)!.salt, params, KEY_BYTES);
        return false;
      }
      const key = await limited(password, parsed.salt, parsed.params, parsed.key.length);
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

const KEYED_FORMAT = /^\$hmac-sha256\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** The key for generated passwords, derived from a server secret (the session secret) for this one use. */
export function generatedPasswordKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('contrail generated-password key').digest();
}

/**
 * `strong` for chosen passwords (scrypt), a keyed HMAC-SHA-256 for generated ones; verify reads
 * either format, and a keyed hash always needs a rehash (to scrypt, at the first sign-in).
 */
export function passwordsWith(strong: PasswordHasher, key: Buffer): Passwords {
  const mac = (password: string, salt: Buffer) =>
    createHmac('sha256', key).update(salt).update(password.normalize('NFC')).digest();
  return {
    hash: (password) => strong.hash(password),
    hashGenerated(password) {
      const salt = randomBytes(SALT_BYTES);
      return Promise.resolve(`$hmac-sha256$${b64(salt)}$${b64(mac(password, salt))}`);
    },
    async verify(password, stored) {
      const keyed = stored === undefined ? null : KEYED_FORMAT.exec(stored);
      if (!keyed) return strong.verify(password, stored);
      const expected = Buffer.from(keyed[2]!, 'base64');
      const actual = mac(password, Buffer.from(keyed[1]!, 'base64'));
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) return true;
      // A wrong guess costs what it costs on a scrypt hash (or an unknown user), so timing does
      // not tell an account with a still-generated password from others. A right one is rehashed.
      await strong.verify(password, undefined);
      return false;
    },
    needsRehash: (stored) => KEYED_FORMAT.test(stored) || strong.needsRehash(stored),
  };
}
