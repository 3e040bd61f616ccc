import type { DropRule } from '@contrail/shared/price-tracking/tracked-search';
import type { SqlExecutor } from '../storage/sql.js';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';

export interface TrackingRow {
  trackingId: string;
  brandKey: string;
  customerId: string | null;
  searchKey: string;
  search: TrackedSearch;
  drop: DropRule;
  status: 'pending' | 'active' | 'stopped';
  startedAt: string;
  lastCheckedAt: string | null;
}

export interface CheckRow {
  trackingId: string;
  checkKey: string;
  checkedAt: string;
  cheapestMinor: number | null;
  currency: string | null;
  departureDate: string | null;
  baselineMinor: number | null;
  dropped: boolean;
}

interface RawTracking {
  tracking_id: string;
  brand_key: string;
  customer_id: string | null;
  search_key: string;
  search: TrackedSearch | string;
  drop_rule: DropRule | string;
  status: TrackingRow['status'];
  started_at: Date | string;
  last_checked_at: Date | string | null;
}

interface RawCheck {
  tracking_id: string;
  check_key: string;
  checked_at: Date | string;
  cheapest_minor: string | number | null;
  currency: string | null;
  departure_date: string | null;
  baseline_minor: string | number | null;
  dropped: boolean;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: string | number | null) => (value === null ? null : Number(value));

const toTracking = (row: RawTracking): TrackingRow => ({
  trackingId: row.tracking_id,
  brandKey: row.brand_key,
  customerId: row.customer_id,
  searchKey: row.search_key,
  search: json(row.search),
  drop: json(row.drop_rule),
  status: row.status,
  startedAt: iso(row.started_at),
  lastCheckedAt: row.last_checked_at === null ? null : iso(row.last_checked_at),
});

const toCheck = (row: RawCheck): CheckRow => ({
  trackingId: row.tracking_id,
  checkKey: row.check_key,
  checkedAt: iso(row.checked_at),
  cheapestMinor: num(row.cheapest_minor),
  currency: row.currency,
  departureDate: row.departure_date,
  baselineMinor: num(row.baseline_minor),
  dropped: row.dropped,
});

/** Reads of the price alerts' read model (projection.ts) and the alerts' addresses. */
export class PriceTrackingStore {
  constructor(private readonly sql: SqlExecutor) {}

  async active(): Promise<TrackingRow[]> {
    const { rows } = await this.sql.query<RawTracking>("SELECT * FROM price_trackings WHERE status = 'active'");
    return rows.map(toTracking);
  }

  async find(trackingId: string): Promise<TrackingRow | undefined> {
    const { rows } = await this.sql.query<RawTracking>('SELECT * FROM price_trackings WHERE tracking_id = $1', [
      trackingId,
    ]);
    return rows[0] && toTracking(rows[0]);
  }

  async ofCustomer(customerId: string): Promise<TrackingRow[]> {
    const { rows } = await this.sql.query<RawTracking>(
      `SELECT * FROM price_trackings WHERE customer_id = $1 AND status <> 'stopped' ORDER BY started_at DESC LIMIT 50`,
      [customerId],
    );
    return rows.map(toTracking);
  }

  /** Each alert's checks, oldest first, at most the last `limit` of each. */
  async checksOf(trackingIds: readonly string[], limit = 30): Promise<CheckRow[]> {
    if (trackingIds.length === 0) return [];
    const { rows } = await this.sql.query<RawCheck>(
      `SELECT * FROM (
         SELECT *, row_number() OVER (PARTITION BY tracking_id ORDER BY checked_at DESC) AS n
         FROM price_tracking_checks WHERE tracking_id = ANY($1::text[])
       ) recent WHERE n <= $2 ORDER BY checked_at`,
      [trackingIds, limit],
    );
    return rows.map(toCheck);
  }

  /** Live searches each brand's checks ran since `since`: a check shared by several alerts counts once. */
  async usedSince(since: Date): Promise<Map<string, number>> {
    const { rows } = await this.sql.query<{ brand_key: string; used: string | number }>(
      `SELECT brand_key, sum(cost) AS used FROM (
         SELECT brand_key, check_key, max(cost) AS cost FROM price_tracking_checks
         WHERE checked_at >= $1 GROUP BY brand_key, check_key
       ) checks GROUP BY brand_key`,
      [since.toISOString()],
    );
    return new Map(rows.map((row) => [row.brand_key, Number(row.used)]));
  }

  /** Drops recorded whose email is not in the outbox yet (a job that ended between the two finds them). */
  async owedEmails(): Promise<CheckRow[]> {
    const { rows } = await this.sql.query<RawCheck>(
      `SELECT c.* FROM price_tracking_checks c
       LEFT JOIN email_outbox o ON o.outbox_key = 'price-drop:' || c.tracking_id || ':' || c.check_key
       WHERE c.dropped AND o.id IS NULL ORDER BY c.checked_at LIMIT 200`,
    );
    return rows.map(toCheck);
  }

  /** Pending alerts (by email) recorded before `startedBefore` whose confirmation email is not in the outbox. */
  async owedConfirmations(startedBefore: Date): Promise<TrackingRow[]> {
    const { rows } = await this.sql.query<RawTracking>(
      `SELECT t.* FROM price_trackings t
       LEFT JOIN email_outbox o ON o.outbox_key = 'price-tracking-confirm:' || t.tracking_id
       WHERE t.status = 'pending' AND o.id IS NULL AND t.started_at < $1 LIMIT 200`,
      [startedBefore.toISOString()],
    );
    return rows.map(toTracking);
  }

  /** Confirmation emails sent to this address in the last day: a signed-out form must not become a way to spam one. */
  async confirmationsToday(email: string): Promise<number> {
    const { rows } = await this.sql.query<{ sent: string | number }>(
      `SELECT count(*) AS sent FROM email_outbox WHERE kind = 'price-tracking-confirm' AND lower(to_address) = lower($1)
       AND created_at > now() - interval '1 day'`,
      [email],
    );
    return Number(rows[0]?.sent ?? 0);
  }

  async keepContact(trackingId: string, email: string): Promise<void> {
    await this.sql.query(
      'INSERT INTO price_tracking_contacts (tracking_id, email) VALUES ($1, $2) ON CONFLICT (tracking_id) DO NOTHING',
      [trackingId, email],
    );
  }

  async contactOf(trackingId: string): Promise<string | undefined> {
    const { rows } = await this.sql.query<{ email: string }>(
      'SELECT email FROM price_tracking_contacts WHERE tracking_id = $1',
      [trackingId],
    );
    return rows[0]?.email;
  }

  /**
   * Right to erasure: the brand's alerts tracked by these addresses lose them (and so send nothing
   * more), and a signed-in traveller's alerts go with the account.
   */
  async eraseContacts(brandKey: string, emails: readonly string[], customerId?: string): Promise<void> {
    await this.sql.query(
      `DELETE FROM price_tracking_contacts c USING price_trackings t
        WHERE c.tracking_id = t.tracking_id AND t.brand_key = $1 AND lower(c.email) = ANY($2::text[])`,
      [brandKey, emails.map((email) => email.trim().toLowerCase())],
    );
    if (customerId) await this.sql.query('DELETE FROM price_trackings WHERE customer_id = $1', [customerId]);
  }

  /** Unsubscribed: the address is no longer needed. */
  async forgetContact(trackingId: string): Promise<void> {
    await this.sql.query('DELETE FROM price_tracking_contacts WHERE tracking_id = $1', [trackingId]);
  }
}
