/**
 * Where the per-traveller data keys live, outside the event store. Erasing a key makes every
 * event sealed under it unreadable for good, without rewriting the events.
 */
export interface PiiKeyStore {
  /** The key for `keyId`, created on first use. Throws PiiErasedError once the key was erased. */
  obtain(keyId: string, bookingId: string): Promise<Buffer>;
  /** The key, or null when it was erased or never existed. */
  find(keyId: string): Promise<Buffer | null>;
  /** Erases these keys (one traveller each); returns how many were live. */
  erase(keyIds: readonly string[]): Promise<number>;
  /** Erases every key of a booking; returns how many were live. */
  eraseBooking(bookingId: string): Promise<number>;
}

export class PiiErasedError extends Error {
  constructor(readonly keyId: string) {
    super(`The personal data under key ${keyId} was erased`);
    this.name = 'PiiErasedError';
  }
}

/** A key store in memory, for tests and throwaway runs. */
export class InMemoryPiiKeyStore implements PiiKeyStore {
  readonly #keys = new Map<string, { bookingId: string; key: Buffer | null }>();

  constructor(private readonly newKey: () => Buffer) {}

  async obtain(keyId: string, bookingId: string): Promise<Buffer> {
    const entry = this.#keys.get(keyId);
    if (entry && !entry.key) throw new PiiErasedError(keyId);
    if (entry?.key) return entry.key;
    const key = this.newKey();
    this.#keys.set(keyId, { bookingId, key });
    return key;
  }

  async find(keyId: string): Promise<Buffer | null> {
    return this.#keys.get(keyId)?.key ?? null;
  }

  async erase(keyIds: readonly string[]): Promise<number> {
    let erased = 0;
    for (const keyId of keyIds) {
      const entry = this.#keys.get(keyId);
      if (entry?.key) erased += 1;
      if (entry) entry.key = null;
    }
    return erased;
  }

  async eraseBooking(bookingId: string): Promise<number> {
    const keyIds = [...this.#keys].filter(([, entry]) => entry.bookingId === bookingId).map(([keyId]) => keyId);
    return this.erase(keyIds);
  }
}
