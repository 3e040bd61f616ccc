import { describe, expect, it } from 'vitest';
import { adapterChoices } from './adapters.js';

const nothingSet = {
  databaseUrl: undefined,
  eventStoreUrl: undefined,
  redisUrl: undefined,
  duffel: undefined,
  stripe: undefined,
  sandboxes: { mounted: true, url: undefined, secret: undefined },
  smtpUrl: undefined,
};

describe('the adapter choices', () => {
  it('are the embedded default when nothing is configured', () => {
    expect(adapterChoices(nothingSet)).toEqual({
      storage: 'pglite',
      eventStore: 'sql',
      jobs: 'in-process',
      rateLimits: 'memory',
      flights: 'sandbox (mounted)',
      payments: 'sandbox (mounted)',
      mail: 'outbox',
    });
  });

  it('are the scaled shape with every service configured', () => {
    expect(
      adapterChoices({
        databaseUrl: 'postgres://db/contrail',
        eventStoreUrl: 'kurrentdb://events:2113',
        redisUrl: 'redis://redis:6379',
        duffel: { accessToken: 'duffel_live_x', apiUrl: undefined },
        stripe: { secretKey: 'sk_live_x' },
        sandboxes: { mounted: false, url: undefined, secret: undefined },
        smtpUrl: 'smtp://mail:25',
      }),
    ).toEqual({
      storage: 'postgresql',
      eventStore: 'kurrentdb',
      jobs: 'bullmq',
      rateLimits: 'redis',
      flights: 'duffel',
      payments: 'stripe',
      mail: 'smtp',
    });
  });

  it('name the sandboxes process when SANDBOX_URL points at it', () => {
    const choices = adapterChoices({
      ...nothingSet,
      sandboxes: { mounted: false, url: 'http://sandboxes:4000', secret: 's' },
    });
    expect([choices.flights, choices.payments]).toEqual(['sandbox (SANDBOX_URL)', 'sandbox (SANDBOX_URL)']);
  });
});
