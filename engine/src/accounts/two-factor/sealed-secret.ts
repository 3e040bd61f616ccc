import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Keeps TOTP secrets unreadable at rest: AES-256-GCM, bound to their user by the additional data. */
export interface SecretSeal {
  seal(userId: string, secret: string): string;
  /** Throws when the key is wrong or the sealed text was altered or moved to another user. */
  open(userId: string, sealed: string): string;
}

const VERSION = 'v1';

/** A key of its own, derived from the session secret (rotating SESSION_SECRET means enrolling again). */
export function derivedKey(sessionSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'contrail-accounts', purpose, 32));
}

export function secretSeal(sessionSecret: string): SecretSeal {
  const key = derivedKey(sessionSecret, 'two-factor-secret-v1');
  return {
    seal(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
