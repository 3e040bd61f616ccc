import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { OfferVerifications } from './offer-verifications.js';
import { FlightProviderError } from './provider.js';

/** An offer whose first flight leaves New York at 18:05 local (23:05 UTC) on 20 December 2026. */
function evening() {
  const found = offer('off_evening', { expires_at: '2026-12-21T00:00:00Z' });
  const outbound = slice([{ from: 'JFK', to: 'LHR', departing: '2026-12-20T18:05', arriving: '2026-12-21T06:10' }]);
  outbound.segments[0]!.origin.time_zone = 'America/New_York';
  return { ...found, slices: [outbound] };
}

describe('offer verifications', () => {
  it('answer an offer whose first flight has not left, from the provider once per window', async () => {
    const clock = new ManualClock('2026-12-20T22:00:00Z');
    const verifications = new OfferVerifications(clock);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return evening();
    };
    expect((await verifications.verify('off_evening', load)).id).toBe('off_evening');
    await verifications.verify('off_evening', load);
    expect(loads).toBe(1);
  });

  it('expire an offer once its first flight has left, whatever its expiry and the cache say', async () => {
    const clock = new ManualClock('2026-12-20T23:04:00Z');
    const verifications = new OfferVerifications(clock);
    const load = async () => evening();
    await verifications.verify('off_evening', load);
    clock.set('2026-12-20T23:05:00Z');
    const refused = verifications.verify('off_evening', load);
    await expect(refused).rejects.toBeInstanceOf(FlightProviderError);
    await expect(refused).rejects.toMatchObject({ kind: 'offer_unavailable' });
  });
});
