import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM with a random 96-bit nonce; the additional data binds a ciphertext to its key id. */
export const DATA_KEY_BYTES = 32;

export interface Ciphertext {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

export function encrypt(key: Buffer, plaintext: Buffer, additionalData: string): Ciphertext {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(additionalData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

/** Throws when the key is wrong or the ciphertext was altered. */
export function decrypt(key: Buffer, ciphertext: Ciphertext, additionalData: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, ciphertext.iv);
  decipher.setAAD(Buffer.from(additionalData, 'utf8'));
  decipher.setAuthTag(ciphertext.tag);
  return Buffer.concat([decipher.update(ciphertext.data), decipher.final()]);
}

/** A key wrapped for storage: nonce, tag and ciphertext in one buffer. */
export function wrapKey(masterKey: Buffer, dataKey: Buffer, keyId: string): Buffer {
  const { iv, tag, data } = encrypt(masterKey, dataKey, keyId);
  return Buffer.concat([iv, tag, data]);
}

export function unwrapKey(masterKey: Buffer, wrapped: Buffer, keyId: string): Buffer {
  return decrypt(
    masterKey,
    { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), data: wrapped.subarray(28) },
    keyId,
  );
}
