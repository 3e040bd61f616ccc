import type { SqlExecutor } from '../../storage/sql.js';
import { RequestLedger, type LedgerRow, type StoredRequest } from './request-ledger.js';

/**
 * POST /api/payments/process-card by Idempotency-Key (per brand), in the shared database: the
 * engine that claims a key is the only one that asks the processor for it; any engine answers a
 * repeat with the first answer, also once the offer has expired.
 */
export class CardRequests extends RequestLedger {
  constructor(sql: SqlExecutor) {
    super(sql, 'card_requests');
  }

  /** The stored request when the key was already used; undefined when this call claimed it. */
  async claim(brandKey: string, key: string, hash: string): Promise<StoredRequest | undefined> {
    if (await this.insert(brandKey, key, hash)) return undefined;
    const existing = await this.get(brandKey, key);
    if (!existing) throw new Error('An idempotency key vanished while claimed');
    return existing;
  }

  async get(brandKey: string, key: string): Promise<StoredRequest | undefined> {
    const row = await this.row<LedgerRow>(brandKey, key);
    return row && this.stored(row);
  }
}
