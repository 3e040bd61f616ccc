import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqJobQueue } from '../../jobs/bullmq-queue.js';
import { JobHandlerRegistry } from '../../jobs/job-queue.js';
import { runMigrations } from '../../storage/migrations.js';
import { openPostgres } from '../../storage/postgres.js';
import { migrations } from '../../runtime/migrations.js';
import type { SqlClient } from '../../storage/sql.js';
import { bullmqTestQueue, fastRetries } from '../../test-support/jobs.js';
import { serviceUrl } from '../../test-support/services.js';
import { loadBooking } from '../booking-stream.js';
import { registerBookingJobs } from './register.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  invariantViolations,
  searchOffers,
  type BookingHarness,
} from '../test-support/booking-harness.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../../..');
const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}: ${output}`)));
  });
}

/**
 * Issue 9's "worker killed between order creation and capture", for real: a create-order worker
 * process on BullMQ is SIGKILLed once it has made the provider order and is about to capture;
 * a fresh worker takes the stalled job over and finishes it.
 */
describe.runIf(databaseUrl && redisUrl)(
  'a create-order worker killed before capture',
  { timeout: scaled(60_000) },
  () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    let sql: SqlClient;
    let bullmq: ReturnType<typeof bullmqTestQueue>;
    let harness: BookingHarness;

    beforeAll(async () => {
      const admin = openPostgres({ url: databaseUrl!, maxConnections: 1 });
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.close();
      sql = openPostgres({ url: databaseUrl!, schema, maxConnections: 10 });
      await runMigrations(sql, migrations);
      bullmq = bullmqTestQueue(redisUrl!);
      // This process only enqueues: the worker is the child below, then the survivor.
      harness = await bookingHarness(sql, { jobs: () => bullmq.queue, workers: false, orderWaitMs: 300 });
    }, scaled(60_000));
    afterAll(async () => {
      await harness?.close();
      await bullmq?.close();
      await sql?.close();
      const cleanup = openPostgres({ url: databaseUrl!, maxConnections: 1 });
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
    });

    it('books once and charges once after a fresh worker finishes the job', async () => {
      const child = spawn(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          path.join(here, '../test-support/order-worker-to-kill.ts'),
          redisUrl!,
          bullmq.prefix,
          databaseUrl!,
          schema,
          harness.url,
        ],
        { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let survivor: ReturnType<typeof bullmqJobQueue> | undefined;
      try {
        await waitForLine(child, /ready/);
        const [offer] = await searchOffers(harness, 50);
        const payment = await authorize(harness, offer!);
        expect(payment.status, JSON.stringify(payment.body)).toBe(200);
        const capturing = waitForLine(child, /capturing/);
        const body = bookingBody(offer!, payment.body.paymentId, 'killed.worker@example.com');
        const send = () => harness.api().post('/api/bookings').set('Idempotency-Key', 'worker-killed').send(body);
        const pending = await send();
        expect(pending.status, JSON.stringify(pending.body)).toBe(202);
        const bookingId = pending.body.id as string;
        await capturing;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        const killed = (await loadBooking(harness.deps.eventStore, bookingId)).state;
        expect(killed.order).toBeDefined();
        expect(killed.payment?.status).toBe('authorized');

        // The dead worker's lock expires (4 s); the survivor's stalled-job check takes the job over.
        survivor = bullmqJobQueue({
          redisUrl: redisUrl!,
          prefix: bullmq.prefix,
          definitions: fastRetries,
          stalledIntervalMs: 300,
        });
        await survivor.startWorkers(registerBookingJobs(new JobHandlerRegistry(), harness.booking));
        const outcome = await bullmq.queue.waitForJob('create-order', `create-order-${bookingId}`, scaled(30_000));
        expect(outcome, JSON.stringify(await bullmq.queue.listFailed('create-order'))).toBe('completed');

        const booked = await send();
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        expect(booked.body.id).toBe(bookingId);
        const { state } = await loadBooking(harness.deps.eventStore, bookingId);
        expect(state.phase).toBe('confirmed');
        const history = await harness.deps.eventStore.readStream(`booking-${bookingId}`);
        expect(history.filter((event) => event.type === 'OrderCreated')).toHaveLength(1);
        expect(history.filter((event) => event.type === 'PaymentCaptured')).toHaveLength(1);
        const orders = await sql.query<{ n: string }>(
          'SELECT count(*) AS n FROM duffel_sandbox_orders WHERE offer_id = $1',
          [offer!.id],
        );
        expect(Number(orders.rows[0]!.n)).toBe(1);
        const charged = await harness.deps.payments!.retrieve(payment.body.paymentId);
        expect(charged.status).toBe('captured');
        expect(charged.received).toBe(state.payment!.amount.amount);
        expect(await invariantViolations(harness)).toEqual([]);
      } finally {
        child.kill('SIGKILL');
        await survivor?.close();
      }
    });
  },
);
