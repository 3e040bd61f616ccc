import type { WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '@contrail/shared/webhooks/webhooks';
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../storage/sql.js';
import { newWebhookSecret } from './signature.js';

interface Row {
  id: string;
  brand_key: string | null;
  url: string;
  events: string[];
  description: string;
  secret: string;
  enabled: boolean;
  created_at: Date | string;
  created_by: string;
}

const toEndpoint = (row: Row): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  brand: row.brand_key,
  description: row.description,
  enabled: row.enabled,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});

/** Which endpoints a list shows: every one, or those of these brands (platform-wide ones excluded). */
export type EndpointScope = { all: true } | { all: false; brands: readonly string[] };

/** The webhook endpoints: their configuration and secrets. */
export class WebhookEndpoints {
  constructor(private readonly sql: SqlExecutor) {}

  async create(input: {
    url: string;
    events: readonly WebhookEventType[];
    brand: string | null;
    description: string;
    createdBy: string;
  }): Promise<WebhookEndpointWithSecret> {
    const { rows } = await this.sql.query<Row>(
      `INSERT INTO webhook_endpoints (id, brand_key, url, events, description, secret, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        `we_${randomUUID()}`,
        input.brand,
        input.url,
        input.events,
        input.description,
        newWebhookSecret(),
        input.createdBy,
      ],
    );
    return { ...toEndpoint(rows[0]!), secret: rows[0]!.secret };
  }

  async list(scope: EndpointScope): Promise<WebhookEndpoint[]> {
    const { rows } = scope.all
      ? await this.sql.query<Row>('SELECT * FROM webhook_endpoints ORDER BY created_at, id')
      : await this.sql.query<Row>(
          'SELECT * FROM webhook_endpoints WHERE brand_key = ANY($1::text[]) ORDER BY created_at, id',
          [scope.brands],
        );
    return rows.map(toEndpoint);
  }

  async find(id: string): Promise<WebhookEndpoint | undefined> {
    const { rows } = await this.sql.query<Row>('SELECT * FROM webhook_endpoints WHERE id = $1', [id]);
    return rows[0] && toEndpoint(rows[0]);
  }

  async rotateSecret(id: string): Promise<WebhookEndpointWithSecret | undefined> {
    const { rows } = await this.sql.query<Row>('UPDATE webhook_endpoints SET secret = $2 WHERE id = $1 RETURNING *', [
      id,
      newWebhookSecret(),
    ]);
    return rows[0] && { ...toEndpoint(rows[0]), secret: rows[0].secret };
  }

  async setEnabled(id: string, enabled: boolean): Promise<WebhookEndpoint | undefined> {
    const { rows } = await this.sql.query<Row>('UPDATE webhook_endpoints SET enabled = $2 WHERE id = $1 RETURNING *', [
      id,
      enabled,
    ]);
    return rows[0] && toEndpoint(rows[0]);
  }

  /** Removes the endpoint and its delivery log. */
  async delete(id: string): Promise<void> {
    await this.sql.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
  }
}
