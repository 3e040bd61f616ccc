import type { SqlQuery } from '../sql.js';
import type { Order, OrderCancellation } from '@duffel/api/types';
import type { DuffelSandboxStore } from './store.js';

/** The Duffel sandbox's orders in SQL: the unique offer id makes "one order per offer" hold across processes. */
export class SqlDuffelSandboxStore implements DuffelSandboxStore {
  constructor(private readonly sql: SqlQuery) {}

  async insertOrder(order: Order, offerId: string): Promise<boolean> {
    const result = await this.sql.query(
      `INSERT INTO duffel_sandbox_orders (id, offer_id, body) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (offer_id) DO NOTHING`,
      [order.id, offerId, JSON.stringify(order)],
    );
    return result.rowCount === 1;
  }

  async isBooked(offerId: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM duffel_sandbox_orders WHERE offer_id = $1', [offerId]);
    return rowCount > 0;
  }

  async getOrder(id: string): Promise<Order | undefined> {
    const { rows } = await this.sql.query<{ body: Order }>('SELECT body FROM duffel_sandbox_orders WHERE id = $1', [
      id,
    ]);
    return rows[0]?.body;
  }

  async updateOrder(order: Order): Promise<void> {
    await this.sql.query('UPDATE duffel_sandbox_orders SET body = $2::jsonb WHERE id = $1', [
      order.id,
      JSON.stringify(order),
    ]);
  }

  async listOrders(offset: number, limit: number): Promise<Order[]> {
    const { rows } = await this.sql.query<{ body: Order }>(
      'SELECT body FROM duffel_sandbox_orders ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2',
      [offset, limit],
    );
    return rows.map((row) => row.body);
  }

  async getCancellation(id: string): Promise<OrderCancellation | undefined> {
    const { rows } = await this.sql.query<{ body: OrderCancellation }>(
      'SELECT body FROM duffel_sandbox_cancellations WHERE id = $1',
      [id],
    );
    return rows[0]?.body;
  }

  async listCancellations(offset: number, limit: number, orderId?: string): Promise<OrderCancellation[]> {
    const { rows } = await this.sql.query<{ body: OrderCancellation }>(
      `SELECT body FROM duffel_sandbox_cancellations WHERE $3::text IS NULL OR order_id = $3
       ORDER BY body->>'created_at' DESC, id DESC OFFSET $1 LIMIT $2`,
      [offset, limit, orderId ?? null],
    );
    return rows.map((row) => row.body);
  }

  async putCancellation(cancellation: OrderCancellation): Promise<void> {
    await this.sql.query(
      `INSERT INTO duffel_sandbox_cancellations (id, order_id, body) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body`,
      [cancellation.id, cancellation.order_id, JSON.stringify(cancellation)],
    );
  }

  async bookedOfferOf(orderId: string): Promise<string | undefined> {
    const { rows } = await this.sql.query<{ offer_id: string }>(
      'SELECT offer_id FROM duffel_sandbox_orders WHERE id = $1',
      [orderId],
    );
    return rows[0]?.offer_id;
  }

  async getRecord<T>(kind: string, id: string): Promise<T | undefined> {
    const { rows } = await this.sql.query<{ body: T }>(
      'SELECT body FROM duffel_sandbox_records WHERE kind = $1 AND id = $2',
      [kind, id],
    );
    return rows[0]?.body;
  }

  async putRecord(kind: string, id: string, body: unknown): Promise<void> {
    await this.sql.query(
      `INSERT INTO duffel_sandbox_records (kind, id, body) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (kind, id) DO UPDATE SET body = EXCLUDED.body`,
      [kind, id, JSON.stringify(body)],
    );
  }
}
