import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.js';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import { PaymentClaims } from './payment-claims.js';
import { releaseHold } from './release-hold.js';

/**
 * The unused-hold sweep decides to release a claimed hold from what it read (the booking not
 * recorded, its request silent); a request resumed meanwhile claims the payment again, and the
 * release must then not slip in under it (issue 39: a booking recorded on a voided hold).
 */
describe.each(sqlBackends())('a fenced hold release on $name', (backend) => {
  let sql: SqlClient;
  let store: EventStore;
  const clock = new ManualClock(new Date('2026-11-28T12:00:00Z'));
  const voided: string[] = [];
  const payments = {
    void: async (paymentId: string) => {
      voided.push(paymentId);
      return { paymentId, status: 'voided' };
    },
  } as unknown as PaymentGateway;
  const context = { correlationId: 'test', actor: 'system', brand: 'default' };
  const deps = () => ({ eventStore: store, clock, payments, logger: pino({ level: 'silent' }) });

  beforeAll(async () => {
    sql = await backend.open();
    store = postgresEventStore(sql, { pollIntervalMs: 10 });
  });
  afterAll(async () => {
    await store?.close();
    await sql?.close();
  });

  const claimedHold = async (paymentId: string) => {
    const claims = new PaymentClaims(store, clock);
    await claims.recordAuthorization(
      {
        paymentId,
        offerId: 'off_1',
        brandKey: 'default',
        amount: { amount: 10_000, currency: 'USD' },
        cardLast4: '4242',
        offerExpiresAt: null,
        at: clock.now().toISOString(),
      },
      context,
    );
    await claims.claim(paymentId, 'b1', context);
    return claims;
  };
  const owner = { brandKey: 'default', offerId: 'off_1', claimedBy: 'b1' };

  it('is not made when the booking claimed the payment again since it was read', async () => {
    const claims = await claimedHold('pi_fenced');
    const asRead = await claims.load('pi_fenced');
    await claims.claim('pi_fenced', 'b1', context);
    expect(await releaseHold(deps(), 'pi_fenced', 'unused', context, { ...owner, asRead })).toBe(false);
    expect((await claims.read('pi_fenced')).status).toBe('claimed');
    expect(voided).not.toContain('pi_fenced');
  });

  it('is made, and the hold voided, when nothing was recorded on the payment since', async () => {
    const claims = await claimedHold('pi_quiet');
    const asRead = await claims.load('pi_quiet');
    expect(await releaseHold(deps(), 'pi_quiet', 'unused', context, { ...owner, asRead })).toBe(true);
    expect((await claims.read('pi_quiet')).status).toBe('released');
    expect(voided).toContain('pi_quiet');
    // And a resumed request then finds it released: it books nothing on a voided hold.
    await expect(claims.claim('pi_quiet', 'b1', context)).rejects.toMatchObject({ code: 'PAYMENT_RELEASED' });
  });
});
