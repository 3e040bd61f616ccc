// Card payments through the real stripe client against the Stripe sandbox on its own port:
// authorize + capture pairs per second and their p95, one at a time and 20 at once. This bounds
// the payment share of a booking's time in the default (sandbox) runtime.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startStripeSandbox } from '@contrail/sandboxes/stripe/server';
import { StripeGateway } from './stripe-gateway.js';

const sandbox = await startStripeSandbox();
const gateway = new StripeGateway({ sandbox: { host: sandbox.host, port: sandbox.port }, maxNetworkRetries: 0 });
const card = { number: '4242424242424242', expiryMonth: '12', expiryYear: '30', cvv: '123' };

async function pay(): Promise<number> {
  const start = performance.now();
  const result = await gateway.authorize({
    amount: { amount: 55_350, currency: 'USD' },
    card,
    idempotencyKey: randomUUID(),
  });
  if (result.outcome !== 'authorized') throw new Error(result.outcome);
  await gateway.capture(result.payment.paymentId, { idempotencyKey: randomUUID() });
  return performance.now() - start;
}

async function run(label: string, concurrency: number, total: number) {
  const latencies: number[] = [];
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        latencies.push(await pay());
      }
    }),
  );
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))]!;
  return {
    case: label,
    payments: total,
    'per second': +((total / elapsed) * 1000).toFixed(0),
    'p95 ms': +p95.toFixed(1),
  };
}

await run('warm-up', 4, 50);
console.table([await run('one at a time', 1, 200), await run('20 concurrent', 20, 1000)]);
await sandbox.close();
