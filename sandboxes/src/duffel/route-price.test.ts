import { describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import type { Offer } from '@duffel/api/types';
import { DuffelSandbox } from './sandbox.js';

const cents = (offer: Pick<Offer, 'total_amount'>) => Math.round(Number(offer.total_amount) * 100);
const search = (sandbox: DuffelSandbox, origin: string, destination: string) =>
  sandbox.createOfferRequest(
    { data: { slices: [{ origin, destination, departure_date: '2026-12-20' }], passengers: [{ type: 'adult' }] } },
    true,
  );

// Issue 34: a test moves a route's price, as an airline repricing it, and a tracked search's check sees it.
describe('the sandbox control that reprices a route', () => {
  const clock = new ManualClock(new Date('2026-11-22T07:16:00Z'));

  it('every offer of the route, searched again, listed and fetched, costs the factor times its price; other routes do not move', async () => {
    const sandbox = new DuffelSandbox(clock);
    const before = search(sandbox, 'SEA', 'SFO');
    const elsewhere = search(sandbox, 'SEA', 'PDX');
    sandbox.faults.changeRoutePrice('SEA', 'SFO', 0.8);
    const after = search(sandbox, 'SEA', 'SFO');
    expect(after.offers.map(cents)).toEqual(before.offers.map((offer) => Math.round(cents(offer) * 0.8)));
    const cheapest = sandbox.listOffers(after.id, { limit: 1, sort: 'total_amount' }).data[0]!;
    expect(cents(cheapest)).toBe(Math.min(...after.offers.map(cents)));
    expect(cents(await sandbox.getOffer(before.offers[0]!.id, false))).toBe(Math.round(cents(before.offers[0]!) * 0.8));
    expect(search(sandbox, 'SEA', 'PDX').offers.map(cents)).toEqual(elsewhere.offers.map(cents));

    sandbox.faults.changeRoutePrice('SEA', 'SFO', 1);
    expect(search(sandbox, 'SEA', 'SFO').offers.map(cents)).toEqual(before.offers.map(cents));
  });
});
