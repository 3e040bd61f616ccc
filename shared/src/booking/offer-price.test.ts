import { describe, expect, it } from 'vitest';
import { airlineFeeText } from './airline-fee.js';
import { DEFAULT_PRICING_CONTEXT } from '../pricing/price-offer.js';
import { pricingOfMarkup } from '../pricing/pricing.js';
import { offer } from '../results/test-support/offer-fixture.js';
import { offerPrice, pricePerPerson } from './offer-price.js';

describe('offer price', () => {
  it("states the brand's service fee inside the customer price: what it adds to the airline's", () => {
    const priced = offer('o', { total_amount: '400.00', tax_amount: '100.00' });
    const price = offerPrice(priced, DEFAULT_PRICING_CONTEXT);
    expect(price).toMatchObject({ offerTotal: 492, taxes: 100, baseFare: 392, serviceFee: 92, total: 492 });
    expect(offerPrice(priced, DEFAULT_PRICING_CONTEXT, 30).total).toBe(522);
    expect(offerPrice(priced, { pricing: pricingOfMarkup(1), travellers: 1 }).serviceFee).toBe(0);
    expect(offerPrice(offer('o', { total_amount: 'not a number' }), DEFAULT_PRICING_CONTEXT).serviceFee).toBe(0);
  });

  it('is in whole units, the taxes the airline asks rounded up, the fare the rest (issue 33 item 3)', () => {
    const price = offerPrice(offer('o', { total_amount: '412.37', tax_amount: '86.40' }), DEFAULT_PRICING_CONTEXT);
    expect(price).toMatchObject({ offerTotal: 508, taxes: 87, baseFare: 421, serviceFee: 95.63, total: 508 });
  });
});

describe('airline fee', () => {
  it("is the airline's own amount, the same wherever it is shown (issue 33)", () => {
    expect(airlineFeeText({ penalty_amount: '100.00', penalty_currency: 'USD' }, 'USD')).toBe('$100');
    expect(airlineFeeText({ penalty_amount: '50.00', penalty_currency: null }, 'EUR')).toBe('€50');
    expect(airlineFeeText({ penalty_amount: '0.00', penalty_currency: 'USD' }, 'USD')).toBeNull();
    expect(airlineFeeText(null, 'USD')).toBe('');
  });
});

describe('price per person', () => {
  it('splits the total evenly between the travellers, in whole units as every price shows', () => {
    expect(pricePerPerson(1461, 2)).toBe(731);
    expect(pricePerPerson(556, 3)).toBe(185);
    expect(pricePerPerson(100, 3)).toBe(33);
    expect(pricePerPerson(100, 1)).toBe(100);
    expect(pricePerPerson(100, 0)).toBe(100);
  });
});
