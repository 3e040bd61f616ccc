import type { Migration } from '../../storage/migrations.js';
import type { SqlClient } from '../../storage/sql.js';
import type { PaymentIntent, Refund } from './objects.js';
import type { IdempotentAnswer, StoredPaymentMethod, StripeSandboxStore } from './store.js';

export const stripeSandboxMigrations: Migration[] = [
  {
    id: '310_stripe_sandbox',
    sql: `CREATE TABLE stripe_sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL,
  parent_id text,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_sandbox_objects_parent ON stripe_sandbox_objects (parent_id) WHERE parent_id IS NOT NULL;
CREATE TABLE stripe_sandbox_idempotency (
  scope text PRIMARY KEY,
  answer jsonb NOT NULL
);`,
  },
];

type Kind = 'payment_intent' | 'payment_method' | 'refund';

/**
 * The Stripe sandbox's objects in SQL, so that authorizations survive an engine restart and
 * every process sharing the database sees them. Mutations are serialised per process by the
 * router; the sandbox does not serialise one object's changes across processes.
 */
export class SqlStripeSandboxStore implements StripeSandboxStore {
  constructor(private readonly sql: SqlClient) {}

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

  async getIdempotentAnswer(key: string): Promise<IdempotentAnswer | undefined> {
    const { rows } = await this.sql.query<{ answer: IdempotentAnswer }>(
      'SELECT answer FROM stripe_sandbox_idempotency WHERE scope = $1',
      [key],
    );
    return rows[0]?.answer;
  }

  async putIdempotentAnswer(key: string, answer: IdempotentAnswer): Promise<void> {
    // A key expired after 24 hours is reused: the new answer replaces it.
    await this.sql.query(
      `INSERT INTO stripe_sandbox_idempotency (scope, answer) VALUES ($1, $2::jsonb)
       ON CONFLICT (scope) DO UPDATE SET answer = EXCLUDED.answer`,
      [key, JSON.stringify(answer)],
    );
  }
}
