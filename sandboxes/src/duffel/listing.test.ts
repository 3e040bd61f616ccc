import { describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import type { Offer } from '@duffel/api/types';
import { DuffelSandbox } from './sandbox.js';

const cents = (offer: Offer) => Math.round(Number(offer.total_amount) * 100);
const minutes = (duration: string | null) => {
  const [, d, h, m] = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?$/.exec(duration ?? '')!;
  return Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(m ?? 0);
};
const duration = (offer: Offer) => offer.slices.reduce((sum, slice) => sum + minutes(slice.duration), 0);
const stops = (offer: Offer) => Math.max(...offer.slices.map((slice) => slice.segments.length - 1));

const SEARCHES = [
  [{ origin: 'JFK', destination: 'LHR', departure_date: '2026-12-20' }],
  [
    { origin: 'SYD', destination: 'LHR', departure_date: '2026-12-20' },
    { origin: 'LHR', destination: 'SYD', departure_date: '2027-01-05' },
  ],
  [{ origin: 'TSV', destination: 'HBA', departure_date: '2026-12-21' }],
];

// Listings sort and filter a search's offers by what each offer will show before building them:
// every page must be what sorting the built offers by their own fields gives.
describe('the sandbox lists offers as their fields order them', () => {
  const clock = new ManualClock(new Date('2026-11-22T07:16:00Z'));

  it.each(SEARCHES.map((slices) => [slices.map((s) => `${s.origin}-${s.destination}`).join(' '), slices] as const))(
    '%s, in every order, with a price change and a connection limit',
    async (_, slices) => {
      const sandbox = new DuffelSandbox(clock);
      const request = sandbox.createOfferRequest(
        { data: { slices, passengers: [{ type: 'adult' }, { age: 5 }], max_connections: 2 } },
        true,
      );
      const all = request.offers;
      expect(all.length).toBeGreaterThan(10);
      sandbox.faults.changePrice(all[2]!.id, 1.9);
      const current = await Promise.all(all.map((offer) => sandbox.getOffer(offer.id, true)));
      const orders: Array<[string, (offer: Offer) => number]> = [
        ['total_amount', cents],
        ['-total_amount', (offer) => -cents(offer)],
        ['total_duration', duration],
        ['-total_duration', (offer) => -duration(offer)],
      ];
      for (const [sort, key] of orders) {
        for (const maxConnections of [undefined, 0, 1]) {
          const expected = current
            .filter((offer) => maxConnections === undefined || stops(offer) <= maxConnections)
            .sort((a, b) => key(a) - key(b));
          const filter = maxConnections === undefined ? {} : { maxConnections };
          expect(sandbox.listOffers(request.id, { limit: 200, sort, ...filter }).data).toEqual(expected);
          const first = sandbox.listOffers(request.id, { limit: 7, sort, ...filter });
          const second = sandbox.listOffers(request.id, { limit: 7, sort, after: first.meta.after!, ...filter });
          expect([...first.data, ...second.data]).toEqual(expected.slice(0, 14));
        }
      }
    },
  );
});
