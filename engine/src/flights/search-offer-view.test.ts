import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { DuffelSandbox } from '@contrail/sandboxes/duffel/sandbox';
import { offerView } from './offer-view.js';
import { searchOfferView } from './search-offer-view.js';

const sandbox = new DuffelSandbox(new ManualClock('2026-11-22T12:00:00Z'));

function duffelOffers(origin: string, destination: string, returning: boolean) {
  const slices = [{ origin, destination, departure_date: '2026-12-20' }];
  if (returning) slices.push({ origin: destination, destination: origin, departure_date: '2026-12-27' });
  const body = { data: { slices, passengers: [{ type: 'adult' }, { age: 8 }], cabin_class: 'economy' } };
  const request = sandbox.createOfferRequest(body, false);
  return sandbox.listOffers(request.id, { limit: 200 }).data;
}

describe('searchOfferView', () => {
  it.each([
    ['JFK', 'LHR', true],
    ['SFO', 'SEA', false],
    ['DEL', 'SYD', true],
  ])('lists every %s-%s offer with the full view’s own values, in about half its bytes', (from, to, returning) => {
    const offers = duffelOffers(from, to, returning);
    expect(offers.length).toBeGreaterThan(0);
    let listedBytes = 0;
    let fullBytes = 0;
    for (const offer of offers) {
      const listed = searchOfferView(offer);
      const full = offerView(offer);
      expect(full).toMatchObject(listed);
      listedBytes += JSON.stringify(listed).length;
      fullBytes += JSON.stringify(full).length;
    }
    // About 40% before issue 35; each segment's included bags per passenger and the bag services'
    // passengers, segments and quantities (the price with my bags, on the engine and the cards) add 12 points.
    expect(listedBytes / fullBytes).toBeLessThan(0.55);
  });
});
