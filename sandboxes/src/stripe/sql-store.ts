import type { SqlQuery } from '../sql.js';
import { pageOf, type ListPage } from './list-page.js';
import type { PaymentIntent, Refund } from './objects.js';
import {
  outcomeOf,
  type ClaimOutcome,
  type ClaimRules,
  type IdempotencyClaim,
  type IdempotentAnswer,
  type RefundPage,
  type StoredPaymentMethod,
  type StripeSandboxStore,
} from './store.js';

type Kind = 'payment_intent' | 'payment_method' | 'refund';

/**
 * The Stripe sandbox's objects and idempotency keys in SQL, as Stripe keeps them in its own shared
 * storage: authorizations survive an engine restart, every process sharing the database sees them,
 * and a key runs its request once whichever engine receives it. Mutations of one PaymentIntent are serialised per
 * process by the router; one object's changes are not serialised across processes.
 */
export class SqlStripeSandboxStore implements StripeSandboxStore {
  constructor(private readonly sql: SqlQuery) {}

  async #get<T>(kind: Kind, id: string): Promise<T | undefined> {
    const { rows } = await this.sql.query<{ body: T }>(
      'SELECT body FROM stripe_sandbox_objects WHERE id = $1 AND kind = $2',
      [id, kind],
    );
    return rows[0]?.body;
  }

  async #put(kind: Kind, id: string, body: unknown, parentId: string | null = null): Promise<void> {
    await this.sql.query(
      `INSERT INTO stripe_sandbox_objects (id, kind, parent_id, body) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body`,
      [id, kind, parentId, JSON.stringify(body)],
    );
  }

  getPaymentIntent(id: string) {
    return this.#get<PaymentIntent>('payment_intent', id);
  }
  putPaymentIntent(intent: PaymentIntent) {
    return this.#put('payment_intent', intent.id, intent);
  }
  async listPaymentIntents(page: ListPage): Promise<PaymentIntent[]> {
    const created = "(body->>'created')::bigint";
    // Ids compare by code point, as the in-memory store and Stripe's cursors do, whatever the database's collation.
    const id = 'id COLLATE "C"';
    // Before a cursor: the nearest ones first, turned back to newest first below.
    const order = page.before ? 'ASC' : 'DESC';
    const { gt, gte, lt, lte } = page.created;
    const { rows } = await this.sql.query<{ body: PaymentIntent }>(
      `SELECT body FROM stripe_sandbox_objects
       WHERE kind = 'payment_intent'
         AND ($1::bigint IS NULL OR ${created} > $1) AND ($2::bigint IS NULL OR ${created} >= $2)
         AND ($3::bigint IS NULL OR ${created} < $3) AND ($4::bigint IS NULL OR ${created} <= $4)
         AND ($5::bigint IS NULL OR (${created}, ${id}) < ($5, $6::text))
         AND ($7::bigint IS NULL OR (${created}, ${id}) > ($7, $8::text))
       ORDER BY ${created} ${order}, ${id} ${order} LIMIT $9`,
      [
        gt ?? null,
        gte ?? null,
        lt ?? null,
        lte ?? null,
        page.after?.created ?? null,
        page.after?.id ?? null,
        page.before?.created ?? null,
        page.before?.id ?? null,
        page.limit,
      ],
    );
    const found = rows.map((row) => row.body);
    return page.before ? found.reverse() : found;
  }
  getPaymentMethod(id: string) {
    return this.#get<StoredPaymentMethod>('payment_method', id);
  }
  putPaymentMethod(stored: StoredPaymentMethod) {
    return this.#put('payment_method', stored.method.id, stored);
  }
  getRefund(id: string) {
    return this.#get<Refund>('refund', id);
  }
  async refundsOf(paymentIntentId: string): Promise<Refund[]> {
    const { rows } = await this.sql.query<{ body: Refund }>(
      "SELECT body FROM stripe_sandbox_objects WHERE kind = 'refund' AND parent_id = $1 ORDER BY created_at, id",
      [paymentIntentId],
    );
    return rows.map((row) => row.body);
  }
  putRefund(refund: Refund) {
    return this.#put('refund', refund.id, refund, refund.payment_intent);
  }
  async listRefunds(page: RefundPage): Promise<Refund[]> {
    const { rows } = await this.sql.query<{ body: Refund }>(
      "SELECT body FROM stripe_sandbox_objects WHERE kind = 'refund' AND ($1::text IS NULL OR parent_id = $1)",
      [page.paymentIntent ?? null],
    );
    return pageOf(
      rows.map((row) => row.body),
      page,
    );
  }

  async claimIdempotencyKey(key: string, claim: IdempotencyClaim, rules: ClaimRules): Promise<ClaimOutcome> {
    for (;;) {
      // Of two processes claiming at once, one inserts; the other waits for it and finds its claim.
      const { rowCount } = await this.sql.query(
        `INSERT INTO stripe_sandbox_idempotency AS kept (scope, answer) VALUES ($1, $2::jsonb)
         ON CONFLICT (scope) DO UPDATE SET answer = EXCLUDED.answer
         WHERE (kept.answer->>'createdAt')::bigint <= $3::bigint
            OR (kept.answer ? 'inProgress' AND (kept.answer->>'createdAt')::bigint <= $4::bigint)
         RETURNING scope`,
        [
          key,
          JSON.stringify({ ...claim, inProgress: true }),
          String(rules.now - rules.lifetimeMs),
          String(rules.now - rules.staleMs),
        ],
      );
      if (rowCount === 1) return { status: 'claimed' };
      const { rows } = await this.sql.query<{ answer: Parameters<typeof outcomeOf>[0] | string }>(
        'SELECT answer FROM stripe_sandbox_idempotency WHERE scope = $1',
        [key],
      );
      const kept = rows[0]?.answer;
      if (kept) return outcomeOf(typeof kept === 'string' ? JSON.parse(kept) : kept);
    }
  }

  async putIdempotentAnswer(key: string, answer: IdempotentAnswer): Promise<void> {
    await this.sql.query(
      `INSERT INTO stripe_sandbox_idempotency (scope, answer) VALUES ($1, $2::jsonb)
       ON CONFLICT (scope) DO UPDATE SET answer = EXCLUDED.answer`,
      [key, JSON.stringify(answer)],
    );
  }

  async releaseIdempotencyKey(key: string): Promise<void> {
    await this.sql.query(`DELETE FROM stripe_sandbox_idempotency WHERE scope = $1 AND answer ? 'inProgress'`, [key]);
  }
}
