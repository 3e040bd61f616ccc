import { createHash } from 'node:crypto';
import type { SqlExecutor } from '../../storage/sql.js';

/**
 * The booking's contact email, kept only as a hash: enough for "find my booking by reference and
 * email" and the admin search, never readable back. Erasing a traveller deletes it.
 */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export async function saveContact(sql: SqlExecutor, bookingId: string, brandKey: string, email: string): Promise<void> {
  await sql.query(
    `INSERT INTO booking_contacts (booking_id, brand_key, email_hash) VALUES ($1, $2, $3)
     ON CONFLICT (booking_id) DO NOTHING`,
    [bookingId, brandKey, emailHash(email)],
  );
}

export async function forgetContact(sql: SqlExecutor, bookingId: string): Promise<void> {
  await sql.query('DELETE FROM booking_contacts WHERE booking_id = $1', [bookingId]);
}
