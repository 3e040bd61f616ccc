import { describe, expect, it } from 'vitest';
import { previewPricing } from './preview.js';
import { DEFAULT_PRICING } from './pricing.js';

describe('the brand manager preview', () => {
  const trip = {
    from: 'JFK',
    to: 'LHR',
    carrier: 'BA',
    cabin: 'economy' as const,
    roundTrip: false,
    adults: 2,
    amount: '812.40',
    currency: 'USD',
  };

  it('prices a made-up trip with the rule that matches, in one line', () => {
    expect(previewPricing(DEFAULT_PRICING, trip)).toMatchObject({
      line: 'JFK-LHR Economy, 2 adults: provider 812.40 → traveller 1000.00, margin 187.60 (default rule)',
    });
    const pricing = {
      ...DEFAULT_PRICING,
      rules: [
        { id: 'ba', name: 'British Airways', match: { carrier: 'BA' }, percent: 19, fixed: 0, per: 'booking' as const },
      ],
    };
    expect(previewPricing(pricing, { ...trip, roundTrip: true })).toMatchObject({
      line: 'JFK-LHR return Economy, 2 adults: provider 812.40 → traveller 967.00, margin 154.60 (British Airways)',
    });
  });

  it('says what is wrong with the trip', () => {
    expect(previewPricing(DEFAULT_PRICING, { ...trip, to: 'XXX' })).toEqual({
      problem: 'Unknown airport XXX: use an IATA code like JFK',
    });
    expect(previewPricing(DEFAULT_PRICING, { ...trip, adults: 0 })).toEqual({ problem: 'Adults must be 1 to 9' });
    expect(previewPricing(DEFAULT_PRICING, { ...trip, amount: 'lots' })).toEqual({
      problem: 'The provider price must be an amount above 0, like 812.40',
    });
  });
});
