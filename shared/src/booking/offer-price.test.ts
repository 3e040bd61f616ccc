import { describe, expect, it } from 'vitest';
import { airlineFeeText } from './airline-fee.js';
import { offerPrice, pricePerPerson, serviceFeeOf } from './offer-price.js';

describe('offer price', () => {
  it("states the brand's service fee inside the customer price: what it adds to the airline's", () => {
    const price = offerPrice({ total_amount: '400.00', total_currency: 'USD', tax_amount: '100.00' }, 1.23);
    expect(price).toMatchObject({ offerTotal: 492, taxes: 123, baseFare: 369, serviceFee: 92, total: 492 });
    expect(offerPrice({ total_amount: '400.00', total_currency: 'USD' }, 1.23, 30).total).toBe(522);
    expect(serviceFeeOf('100.00', 1)).toBe(0);
    expect(serviceFeeOf('not a number', 1.23)).toBe(0);
  });
});

describe('airline fee', () => {
  it("is the airline's own amount, the same wherever it is shown (issue 33)", () => {
    expect(airlineFeeText({ penalty_amount: '100.00', penalty_currency: 'USD' }, 'USD')).toBe('$100.00');
    expect(airlineFeeText({ penalty_amount: '50.00', penalty_currency: null }, 'EUR')).toBe('€50.00');
    expect(airlineFeeText({ penalty_amount: '0.00', penalty_currency: 'USD' }, 'USD')).toBeNull();
    expect(airlineFeeText(null, 'USD')).toBe('');
  });
});

describe('price per person', () => {
  it('splits the total evenly between the travellers, to the cent', () => {
    expect(pricePerPerson(1460.9, 2)).toBe(730.45);
    expect(pricePerPerson(100, 3)).toBe(33.33);
    expect(pricePerPerson(100, 1)).toBe(100);
    expect(pricePerPerson(100, 0)).toBe(100);
  });
});
