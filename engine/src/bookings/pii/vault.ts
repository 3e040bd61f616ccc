import { decrypt, encrypt } from './cipher.js';
import type { PiiKeyStore } from './key-store.js';
import { passengerKeyId, type PassengerPii, type SealedPii } from './sealed.js';

/**
 * Seals travellers' personal data for booking events and opens it again, until erased.
 * One data key per traveller per booking: erasing one traveller leaves the others readable.
 */
export class PiiVault {
  constructor(private readonly keys: PiiKeyStore) {}

  async seal(bookingId: string, passengerId: string, pii: PassengerPii): Promise<SealedPii> {
    const keyId = passengerKeyId(bookingId, passengerId);
    const key = await this.keys.obtain(keyId, bookingId);
    const { iv, tag, data } = encrypt(key, Buffer.from(JSON.stringify(pii), 'utf8'), keyId);
    return { keyId, iv: iv.toString('base64'), tag: tag.toString('base64'), data: data.toString('base64') };
  }

  /** The data, or null once its key was erased. Throws if the ciphertext was tampered with. */
  async open(sealed: SealedPii): Promise<PassengerPii | null> {
    const key = await this.keys.find(sealed.keyId);
    if (!key) return null;
    const plaintext = decrypt(
      key,
      {
        iv: Buffer.from(sealed.iv, 'base64'),
        tag: Buffer.from(sealed.tag, 'base64'),
        data: Buffer.from(sealed.data, 'base64'),
      },
      sealed.keyId,
    );
    return JSON.parse(plaintext.toString('utf8')) as PassengerPii;
  }

  /** Erases the named travellers of a booking, or all of them; returns how many keys died. */
  async erase(bookingId: string, passengerIds?: readonly string[]): Promise<number> {
    if (!passengerIds) return this.keys.eraseBooking(bookingId);
    return this.keys.erase(passengerIds.map((passengerId) => passengerKeyId(bookingId, passengerId)));
  }
}
