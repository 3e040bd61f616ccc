import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerAmount, priceOffer, tripTypeOf, type PricedTrip } from './price-offer.js';
import { DEFAULT_PRICING, pricingOfMarkup, type BrandPricing, type PricingRule } from './pricing.js';

const place = (iata_code: string, country_code: string) => ({ iata_code, country_code });
const JFK = place('JFK', 'US');
const LHR = place('LHR', 'GB');
const CDG = place('CDG', 'FR');

function trip(overrides: Partial<PricedTrip> = {}): PricedTrip {
  return {
    total_amount: '812.40',
    total_currency: 'USD',
    owner: { iata_code: 'BA' },
    slices: [{ origin: JFK, destination: LHR }],
    travellers: 2,
    cabin: 'economy',
    ...overrides,
  };
}

const rule = (id: string, fields: Partial<PricingRule>): PricingRule => ({
  id,
  name: id,
  match: {},
  percent: 0,
  fixed: 0,
  per: 'booking',
  ...fields,
});

describe('priceOffer: golden prices', () => {
  it("prices the seed's x 1.23 as the default brand's rule, rounded up to whole dollars", () => {
    // 812.40 x 1.23 = 999.252 → 1000 (whole units, issue 33 item 3).
    expect(priceOffer(DEFAULT_PRICING, trip())).toEqual({
      currency: 'USD',
      provider: 81240,
      customer: 100000,
      margin: 18760,
      ruleId: 'default',
    });
  });

  it('adds a percentage and a fixed fee per traveller from the first rule that matches', () => {
    const pricing: BrandPricing = {
      ...DEFAULT_PRICING,
      rules: [
        rule('to-france', { match: { destination: 'FR' }, percent: 50 }),
        rule('transatlantic', {
          match: { origin: 'north-america', destination: 'europe' },
          percent: 10,
          fixed: 25,
          per: 'traveller',
        }),
        rule('british-airways', { match: { carrier: 'BA' }, percent: 40 }),
      ],
    };
    // 812.40 + 81.24 + 2 x 25 = 943.64 → 944.
    expect(priceOffer(pricing, trip())).toMatchObject({ customer: 94400, margin: 13160, ruleId: 'transatlantic' });
    expect(priceOffer(pricing, trip({ slices: [{ origin: JFK, destination: CDG }] }))).toMatchObject({
      ruleId: 'to-france',
    });
  });

  it('matches cabin, trip type and carrier, and a fixed fee per booking once', () => {
    const pricing: BrandPricing = {
      ...DEFAULT_PRICING,
      rules: [
        rule('business-return', { match: { cabin: 'business', tripType: 'round_trip' }, fixed: 100 }),
        rule('lufthansa', { match: { carrier: 'LH' }, percent: 5 }),
      ],
    };
    const back = [
      { origin: JFK, destination: LHR },
      { origin: LHR, destination: JFK },
    ];
    expect(priceOffer(pricing, trip({ cabin: 'business', slices: back }))).toMatchObject({
      customer: 91300,
      ruleId: 'business-return',
    });
    expect(priceOffer(pricing, trip({ cabin: 'business' }))?.ruleId).toBe('default');
    expect(priceOffer(pricing, trip({ owner: { iata_code: 'LH' } }))).toMatchObject({
      customer: 85400,
      ruleId: 'lufthansa',
    });
  });

  it("never sells under the platform's minimum margin", () => {
    const pricing: BrandPricing = {
      rules: [],
      fallback: { percent: 1, fixed: 0, per: 'booking' },
      minimumMarginPercent: 8,
    };
    // 812.40 x 1.08 = 877.392 → 878.
    expect(priceOffer(pricing, trip())).toMatchObject({ customer: 87800, margin: 6560 });
  });

  it("keeps a currency's own units: whole yen, whole dinars (3 decimals)", () => {
    expect(priceOffer(pricingOfMarkup(1.1), trip({ total_amount: '1001', total_currency: 'JPY' }))?.customer).toBe(
      1102,
    );
    expect(priceOffer(pricingOfMarkup(1.1), trip({ total_amount: '10.001', total_currency: 'KWD' }))?.customer).toBe(
      12000,
    );
  });

  it('has no price for an amount that is not one', () => {
    expect(priceOffer(DEFAULT_PRICING, trip({ total_amount: 'oops' }))).toBeNull();
    expect(priceOffer(DEFAULT_PRICING, trip({ total_amount: '' }))).toBeNull();
    expect(customerAmount(trip({ total_amount: 'oops' }))).toBeNaN();
    expect(customerAmount(trip({ total_amount: '100.00' }))).toBe(123);
  });

  it('tells one-way, round trips and multi-city apart', () => {
    expect(tripTypeOf([{ origin: JFK, destination: LHR }])).toBe('one_way');
    expect(
      tripTypeOf([
        { origin: JFK, destination: LHR },
        { origin: LHR, destination: JFK },
      ]),
    ).toBe('round_trip');
    expect(
      tripTypeOf([
        { origin: JFK, destination: LHR },
        { origin: CDG, destination: JFK },
      ]),
    ).toBe('multi_city');
  });
});

const markupArbitrary = fc.record({
  percent: fc.integer({ min: 0, max: 300 }),
  fixed: fc.integer({ min: 0, max: 200 }),
  per: fc.constantFrom('booking' as const, 'traveller' as const),
});
const pricingArbitrary = fc.record({
  rules: fc.array(
    fc.record({
      id: fc.uuid(),
      name: fc.constant('rule'),
      match: fc.record(
        { carrier: fc.constantFrom('BA', 'LH'), destination: fc.constantFrom('GB', 'europe', 'asia') },
        { requiredKeys: [] },
      ),
      percent: markupArbitrary.map((markup) => markup.percent),
      fixed: markupArbitrary.map((markup) => markup.fixed),
      per: markupArbitrary.map((markup) => markup.per),
    }),
    { maxLength: 5 },
  ),
  fallback: markupArbitrary,
  minimumMarginPercent: fc.integer({ min: 0, max: 50 }),
});
const tripArbitrary = fc.record({
  cents: fc.integer({ min: 0, max: 5_000_000 }),
  carrier: fc.constantFrom('BA', 'LH', 'AF'),
  travellers: fc.integer({ min: 1, max: 9 }),
});

describe('priceOffer: properties', () => {
  it('never prices under the minimum margin, always in whole units', () => {
    fc.assert(
      fc.property(pricingArbitrary, tripArbitrary, (pricing, { cents, carrier, travellers }) => {
        const priced = priceOffer(
          pricing,
          trip({ total_amount: (cents / 100).toFixed(2), owner: { iata_code: carrier }, travellers }),
        )!;
        expect(priced.customer % 100).toBe(0);
        expect(priced.margin).toBe(priced.customer - priced.provider);
        expect(priced.margin * 100).toBeGreaterThanOrEqual(priced.provider * pricing.minimumMarginPercent);
      }),
    );
  });

  it('is priced by the first matching rule: rules after it never change the price', () => {
    fc.assert(
      fc.property(
        pricingArbitrary,
        tripArbitrary,
        markupArbitrary,
        (pricing, { cents, carrier, travellers }, extra) => {
          const offer = trip({ total_amount: (cents / 100).toFixed(2), owner: { iata_code: carrier }, travellers });
          const priced = priceOffer(pricing, offer)!;
          const later = { ...pricing, rules: [...pricing.rules, { id: 'later', name: 'later', match: {}, ...extra }] };
          if (priced.ruleId !== 'default') expect(priceOffer(later, offer)).toEqual(priced);
          const matchesAlone = (candidate: PricingRule) =>
            priceOffer({ ...pricing, rules: [candidate] }, offer)!.ruleId === candidate.id;
          expect(priced.ruleId).toBe(pricing.rules.find(matchesAlone)?.id ?? 'default');
        },
      ),
    );
  });
});
