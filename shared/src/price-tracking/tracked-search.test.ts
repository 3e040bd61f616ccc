import { describe, expect, it } from 'vitest';
import { trackSearchRequestSchema } from './tracked-search.js';

const request = {
  origin: 'sea',
  destination: 'SFO',
  when: { kind: 'month', month: '2027-02' },
  cabinClass: 'economy',
  adultsCount: 1,
  drop: { kind: 'percent', percent: 10 },
};

describe('the price-tracking request', () => {
  it('reads a month or a date, a drop by amount or percentage, travellers defaulted', () => {
    const parsed = trackSearchRequestSchema.parse(request);
    expect(parsed).toMatchObject({ origin: 'SEA', childrenCount: 0, infantsCount: 0 });
    const dated = {
      ...request,
      when: { kind: 'date', departureDate: '2027-02-03' },
      drop: { kind: 'amount', amountMinor: 2500 },
    };
    expect(trackSearchRequestSchema.safeParse(dated).success).toBe(true);
  });

  it('refuses a month that is not one, a drop too small, and an email that is not one, in words', () => {
    const problems = (input: object) =>
      trackSearchRequestSchema.safeParse({ ...request, ...input }).error?.issues.map((issue) => issue.message);
    expect(problems({ when: { kind: 'month', month: '2027-13' } })).toEqual(['Month must be like 2026-12']);
    expect(problems({ drop: { kind: 'percent', percent: 0.5 } })).toEqual(['Percentage must be at least 1']);
    expect(problems({ drop: { kind: 'amount', amountMinor: 50 } })).toEqual(['Amount must be at least 1.00']);
    expect(problems({ email: 'nobody' })).toEqual(['Enter a valid email address']);
  });
});
