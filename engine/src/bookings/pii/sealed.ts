/**
 * Personal data as it sits in an event: AES-256-GCM ciphertext under a data key that lives
 * outside the event store. Deleting the key ("crypto-shredding") erases the data for good
 * without rewriting a single event.
 */
export interface SealedPii {
  /** The data key's id in the key store: one key per traveller per booking. */
  keyId: string;
  /** Base64 of the 12-byte nonce, the 16-byte tag and the ciphertext. */
  iv: string;
  tag: string;
  data: string;
}

/** The personal data of one traveller on one booking. */
export interface PassengerPii {
  title?: string | undefined;
  firstName: string;
  lastName: string;
  gender?: string | undefined;
  dateOfBirth: string;
  email?: string | undefined;
  phone?: string | undefined;
  passportNumber?: string | undefined;
  passportExpiryDate?: string | undefined;
  passportIssuingCountry?: string | undefined;
}

/** The key id of one traveller's data on one booking. */
export function passengerKeyId(bookingId: string, passengerId: string): string {
  return `${bookingId}/${passengerId}`;
}
