import { describe, expect, it } from 'vitest';
import type { FlightOffer } from '../flights/offer.js';
import type { PricingContext } from '../pricing/price-offer.js';
import { DEFAULT_PRICING } from '../pricing/pricing.js';
import { EMPTY_FILTERS } from './filter-state.js';
import { filterOffers } from './filters.js';
import { priceBounds } from './price-bounds.js';
import { sortOffers } from './sort.js';
import { offer } from './test-support/offer-fixture.js';

/** An offer whose one segment includes `included` checked bags and that sells them at `bagPrice` (or not at all). */
function fare(id: string, total: string, included: number, bagPrice: string | null): FlightOffer {
  const built = offer(id, { total_amount: total });
  const segment = built.slices[0]!.segments[0]!;
  segment.passengers = [
    {
      passenger_id: 'pas_1',
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy',
      fare_basis_code: null,
      baggages: [{ type: 'checked', quantity: included }],
    },
  ];
  built.available_services = bagPrice
    ? [
        {
          id: `ase_${id}`,
          type: 'baggage',
          total_amount: bagPrice,
          total_currency: 'USD',
          maximum_quantity: 1,
          passenger_ids: ['pas_1'],
          segment_ids: [segment.id],
          metadata: { type: 'checked' },
          name: 'Checked bag',
          description: 'Checked bag up to 23 kg',
        },
      ]
    : [];
  return built;
}

// Shown without bags at 123, 148 and 111 (×1.23); with one checked bag: 223, 148, and 111 without it.
const basic = fare('basic', '100.00', 0, '100.00');
const standard = fare('standard', '120.00', 1, null);
const noBags = fare('nobags', '90.00', 0, null);
const offers = [basic, standard, noBags];
const withBag: PricingContext = { pricing: DEFAULT_PRICING, travellers: 1, bags: { checked: 1, carryOn: 0 } };

describe('orders and the price filter with my bags (issue 35)', () => {
  it('orders by the price with the bags, and lists an offer that cannot carry them last, hiding none', () => {
    expect(sortOffers(offers, 'price-asc').map((each) => each.id)).toEqual(['nobags', 'basic', 'standard']);
    expect(sortOffers(offers, 'price-asc', withBag).map((each) => each.id)).toEqual(['standard', 'basic', 'nobags']);
    expect(sortOffers(offers, 'price-desc', withBag).map((each) => each.id)).toEqual(['basic', 'standard', 'nobags']);
  });

  it('filters and bounds prices with the bags', () => {
    const range = { min: 140, max: 200 };
    const kept = filterOffers(offers, { ...EMPTY_FILTERS, priceRange: range }, withBag).map((each) => each.id);
    expect(kept).toEqual(['standard']);
    expect(priceBounds(offers, withBag)).toEqual({ min: 111, max: 223 });
  });

  it('Best weighs the price with the bags, the offer that cannot carry them last', () => {
    expect(sortOffers(offers, 'best').map((each) => each.id)).toEqual(['nobags', 'basic', 'standard']);
    expect(sortOffers(offers, 'best', withBag).map((each) => each.id)).toEqual(['standard', 'basic', 'nobags']);
  });
});
