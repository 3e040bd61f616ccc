import type { SavedTraveller } from '@contrail/shared/accounts/saved-travellers';
import type { SavedTravellerFields } from '@contrail/shared/accounts/saved-traveller-input';
import { randomUUID } from 'node:crypto';
import type { PassengerPii, SealedPii } from '../bookings/pii/sealed.js';
import type { PiiVault } from '../bookings/pii/vault.js';
import type { SqlExecutor } from '../storage/sql.js';

/**
 * The key-store group of an account's saved travellers: the vault keys data by a group and an id
 * (a booking and its passenger), so erasing the group erases every traveller the account saved.
 */
export const savedTravellersKeyGroup = (userId: string) => `account:${userId}`;

interface Row {
  id: string;
  sealed: SealedPii;
  updated_at: Date;
}

/** Saved travellers in SQL, each sealed with a data key of its own; every query is the owner's. */
export class SavedTravellerStore {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly vault: PiiVault,
  ) {}

  async list(userId: string): Promise<SavedTraveller[]> {
    const { rows } = await this.sql.query<Row>(
      'SELECT id, sealed, updated_at FROM saved_travellers WHERE user_id = $1 ORDER BY created_at, id',
      [userId],
    );
    const opened = await Promise.all(rows.map((row) => this.#open(row)));
    return opened.filter((traveller): traveller is SavedTraveller => traveller !== null);
  }

  async count(userId: string): Promise<number> {
    const { rows } = await this.sql.query<{ count: string }>(
      'SELECT count(*) AS count FROM saved_travellers WHERE user_id = $1',
      [userId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async add(userId: string, fields: SavedTravellerFields, now: Date): Promise<SavedTraveller> {
    const id = randomUUID();
    const sealed = await this.vault.seal(savedTravellersKeyGroup(userId), id, toPii(fields));
    await this.sql.query(
      'INSERT INTO saved_travellers (id, user_id, sealed, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
      [id, userId, JSON.stringify(sealed), now],
    );
    return present(id, fields, now);
  }

  /** The traveller as changed, or undefined when the account has no such traveller. */
  async update(
    userId: string,
    id: string,
    fields: SavedTravellerFields,
    now: Date,
  ): Promise<SavedTraveller | undefined> {
    if (!(await this.#owned(userId, id))) return undefined;
    const sealed = await this.vault.seal(savedTravellersKeyGroup(userId), id, toPii(fields));
    await this.sql.query('UPDATE saved_travellers SET sealed = $3, updated_at = $4 WHERE id = $1 AND user_id = $2', [
      id,
      userId,
      JSON.stringify(sealed),
      now,
    ]);
    return present(id, fields, now);
  }

  /** Removes the traveller and destroys its data key; false when the account has no such traveller. */
  async remove(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('DELETE FROM saved_travellers WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    if (rowCount === 0) return false;
    await this.vault.erase(savedTravellersKeyGroup(userId), [id]);
    return true;
  }

  /** Right to erasure: every traveller the account saved, rows and keys. Returns the keys destroyed. */
  async eraseAll(userId: string): Promise<number> {
    await this.sql.query('DELETE FROM saved_travellers WHERE user_id = $1', [userId]);
    return this.vault.erase(savedTravellersKeyGroup(userId));
  }

  async #owned(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM saved_travellers WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    return rowCount > 0;
  }

  async #open(row: Row): Promise<SavedTraveller | null> {
    const pii = await this.vault.open(row.sealed);
    if (!pii) return null;
    return present(row.id, fromPii(pii), row.updated_at);
  }
}

function toPii(fields: SavedTravellerFields): PassengerPii {
  return { ...fields };
}

function fromPii(pii: PassengerPii): SavedTravellerFields {
  const { title, firstName, lastName, gender, dateOfBirth } = pii;
  const { passportNumber, passportExpiryDate, passportIssuingCountry } = pii;
  return {
    title: title as SavedTravellerFields['title'],
    firstName,
    lastName,
    gender: gender as SavedTravellerFields['gender'],
    dateOfBirth,
    passportNumber,
    passportExpiryDate,
    passportIssuingCountry,
  };
}

function present(id: string, fields: SavedTravellerFields, updatedAt: Date): SavedTraveller {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { id, ...(defined as SavedTravellerFields), updatedAt: updatedAt.toISOString() };
}
