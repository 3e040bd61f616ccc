/**
 * A BullMQ create-order worker process for the kill test: the real handler on the test's database
 * and on the sandboxes of the test's engine, except that capture says "capturing <paymentId>" on
 * stdout and never returns, so the test SIGKILLs it after the order is made and before the capture.
 * Run with tsx: <redisUrl> <prefix> <databaseUrl> <schema> <engineUrl>
 */
import { systemClock } from '../../clock.js';
import { bullmqJobQueue } from '../../jobs/bullmq-queue.js';
import { JobHandlerRegistry } from '../../jobs/job-queue.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import { openPostgres } from '../../storage/postgres.js';
import { testDeps } from '../../test-support/app.js';
import { fastRetries } from '../../test-support/jobs.js';
import { createOrderHandler } from '../saga/create-order.js';
import { bookingDepsFrom } from '../wiring.js';

const [redisUrl, prefix, databaseUrl, schema, engineUrl] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const sql = openPostgres({ url: databaseUrl, schema, maxConnections: 4 });
const jobs = bullmqJobQueue({
  redisUrl,
  prefix,
  definitions: fastRetries,
  // Long enough that a slow event loop on a busy machine does not let the lock lapse while the job
  // runs (a second stall would fail the job); short enough that the survivor takes over quickly.
  lockDurationMs: 4_000,
  stalledIntervalMs: 300,
});
const base = testDeps(sql, { clock: systemClock, jobs });
const engine = new URL(engineUrl);
base.selfUrl!.listening(engine.hostname, Number(engine.port));
const gateway = selfAddressedGateway(base.selfUrl!);
const payments: PaymentGateway = Object.assign(Object.create(gateway) as PaymentGateway, {
  capture(paymentId: string): ReturnType<PaymentGateway['capture']> {
    console.log(`capturing ${paymentId}`);
    return new Promise(() => {});
  },
});
const booking = bookingDepsFrom({ ...base, payments })!;
await jobs.startWorkers(new JobHandlerRegistry().register('create-order', createOrderHandler(booking)));
console.log('ready');
