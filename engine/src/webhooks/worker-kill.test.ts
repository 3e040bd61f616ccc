import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_HEADERS, type WebhookBody } from '@contrail/shared/webhooks/webhooks';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { createLogger } from '../logging/logger.js';
import { projectionRunner, type ProjectionRunner } from '../projections/runner.js';
import { migrations } from '../runtime/migrations.js';
import { runMigrations } from '../storage/migrations.js';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { eventually } from '../test-support/eventually.js';
import { startProcess, type ProcessHandle } from '../test-support/processes.js';
import { serviceUrl } from '../test-support/services.js';
import { WebhookEndpoints } from './endpoints.js';
import { webhookProjection } from './projection.js';
import { verifyWebhook } from './signature.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'test-support/delivery-worker.ts');
const databaseUrl = serviceUrl('DATABASE_URL');
const BOOKINGS = 12;
/** The delivery the receiver holds unanswered until the worker sending it is killed. */
const HELD = 5;

interface Received {
  id: string;
  body: string;
  signed: boolean;
}

/** A receiver that records every delivery and leaves the HELD-th unanswered (the worker dies waiting). */
function receiver(secret: () => string) {
  const received: Received[] = [];
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const open: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
      const signed = verifyWebhook(
        secret(),
        { timestamp: header(WEBHOOK_HEADERS.timestamp), signature: header(WEBHOOK_HEADERS.signature) },
        body,
        Math.floor(Date.now() / 1000),
      );
      received.push({ id: header(WEBHOOK_HEADERS.id), body, signed });
      if (received.length === HELD) {
        open.push(res);
        onHeld();
      } else res.writeHead(204).end();
    });
  });
  return { server, received, held, close: () => open.forEach((res) => res.destroy()) };
}

/**
 * Issue 32's "a test kills the worker mid-delivery": booking events recorded in the event store,
 * their deliveries derived by the projection, sent by a real worker process that is SIGKILLed
 * while the receiver holds one delivery open; a second worker finishes. Every event arrives, signed,
 * at least once; a repeat carries the same id and body.
 */
describe.runIf(databaseUrl)(
  'webhook deliveries when the worker is killed mid-delivery',
  { timeout: scaled(90_000) },
  () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    let sql: SqlClient;
    let eventStore: EventStore;
    let projections: ProjectionRunner;
    let secret = '';
    const target = receiver(() => secret);
    const workers: ProcessHandle[] = [];

    beforeAll(async () => {
      const admin = openPostgres({ url: databaseUrl!, maxConnections: 1 });
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.close();
      sql = openPostgres({ url: databaseUrl!, schema, maxConnections: 5 });
      await runMigrations(sql, migrations);
      eventStore = postgresEventStore(sql, { pollIntervalMs: 100 });
      await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
    }, scaled(60_000));
    afterAll(async () => {
      for (const handle of workers) await handle.kill();
      await projections?.stop();
      target.close();
      await new Promise((resolve) => target.server.close(resolve));
      await eventStore?.close();
      await sql?.close();
      const cleanup = openPostgres({ url: databaseUrl!, maxConnections: 1 });
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
    });

    function startWorker(name: string): ProcessHandle {
      const handle = startProcess(name, worker, { env: {}, args: [databaseUrl!, schema, '1000'] });
      workers.push(handle);
      return handle;
    }

    it('delivers every event at least once, each repeat under the same id', async () => {
      const { port } = target.server.address() as { port: number };
      const endpoint = await new WebhookEndpoints(sql).create({
        url: `http://127.0.0.1:${port}/hooks`,
        events: ['booking.confirmed'],
        brand: 'default',
        description: '',
        createdBy: 'test',
      });
      secret = endpoint.secret;
      const eventIds: string[] = [];
      for (let index = 0; index < BOOKINGS; index++) {
        const eventId = randomUUID();
        eventIds.push(eventId);
        const at = new Date().toISOString();
        await eventStore.append(
          `booking-kill-${index}`,
          [
            {
              type: 'BookingConfirmed',
              data: { orderId: `ord_${index}`, bookingReference: `REF${index}`, at },
              metadata: {
                eventId,
                correlationId: 'kill',
                causationId: null,
                actor: 'test',
                brand: 'default',
                timestamp: at,
              },
            },
          ],
          'no_stream',
        );
      }
      projections = projectionRunner({
        sql,
        eventStore,
        projections: [webhookProjection],
        logger: createLogger({ level: 'silent' }),
      });
      await projections.start();
      const count = async (where = 'true') =>
        Number(
          (await sql.query<{ n: unknown }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE ${where}`)).rows[0]!.n,
        );
      expect(await eventually(count, (n) => n === BOOKINGS)).toBe(BOOKINGS);

      const first = startWorker('delivery worker');
      await first.waitFor(/ready/);
      await target.held;
      await first.kill();
      const survivor = startWorker('surviving delivery worker');
      await survivor.waitFor(/ready/);

      const undelivered = () => count("status <> 'delivered'");
      expect(await eventually(undelivered, (left) => left === 0, 60_000)).toBe(0);
      await survivor.stop();

      const ids = new Set(target.received.map((entry) => entry.id));
      expect([...ids].sort()).toEqual([...eventIds].sort());
      expect(target.received.every((entry) => entry.signed)).toBe(true);
      const held = target.received[HELD - 1]!;
      const repeats = target.received.filter((entry) => entry.id === held.id);
      expect(repeats.length).toBeGreaterThanOrEqual(2);
      for (const entry of target.received) {
        const body = JSON.parse(entry.body) as WebhookBody;
        expect(body.id).toBe(entry.id);
        expect(body.type).toBe('booking.confirmed');
        expect(entry.body).toBe(target.received.find((other) => other.id === entry.id)!.body);
      }
    });
  },
);
