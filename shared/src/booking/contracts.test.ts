import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, bookingResponseSchema, processCardRequestSchema } from './contracts.js';
import { BOOKING_STATUSES, bookingReference, tripTabOf } from './status.js';
import { passportCountries } from '../reference/countries.js';

const card = {
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
  holderName: 'Ada Lovelace',
};
const passenger = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-05-01',
  email: 'ada@example.com',
  phone: '1',
};

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('process-card request', () => {
  it('parses and strips grouping from the card number', () => {
    const parsed = processCardRequestSchema.parse({
      offerId: 'off_1',
      amount: 553.5,
      currency: 'usd',
      cardDetails: card,
    });
    expect(parsed.cardDetails?.number).toBe('4242424242424242');
    expect(parsed.currency).toBe('USD');
  });

  it('requires card details with the seed message', () => {
    const result = processCardRequestSchema.safeParse({ offerId: 'off_1', amount: 10, currency: 'USD' });
    expect(pathsOf(result)).toEqual(['cardDetails: Card details are required for card payment']);
  });

  it('names each bad field', () => {
    const result = processCardRequestSchema.safeParse({
      offerId: '',
      amount: -1,
      currency: 'US',
      cardDetails: { ...card, cvv: '12', expiryMonth: '13' },
    });
    expect(pathsOf(result)).toEqual([
      'offerId: Offer id is required',
      'amount: Amount must be positive',
      'currency: Currency must be a 3-letter ISO code',
      'cardDetails.expiryMonth: Expiry month must be 1 to 12',
      'cardDetails.cvv: CVV must be 3 or 4 digits',
    ]);
  });
});

describe('offer ids', () => {
  it('takes only the shape Duffel makes, in process-card and booking requests alike', () => {
    const paymentFor = (offerId: string) => ({ offerId, amount: 10, currency: 'USD', cardDetails: card });
    expect(processCardRequestSchema.parse(paymentFor(' off_0000AbC-9_1 ')).offerId).toBe('off_0000AbC-9_1');
    for (const offerId of ['abc', 'off_', '../air/orders', 'off_a/b', 'off_a b', `off_${'a'.repeat(201)}`]) {
      expect(pathsOf(processCardRequestSchema.safeParse(paymentFor(offerId)))).toEqual([
        'offerId: Offer ID is invalid: flight offer ids look like off_...',
      ]);
    }
    const booking = bookingRequestSchema.safeParse({
      offerId: 'x',
      passengers: [],
      paymentDetails: {},
      paymentId: 'p',
    });
    expect(pathsOf(booking)).toContain('offerId: Offer ID is invalid: flight offer ids look like off_...');
  });
});

describe('booking request and response', () => {
  it('parses the seed request', () => {
    const parsed = bookingRequestSchema.parse({
      offerId: 'off_1',
      passengers: [passenger],
      paymentDetails: { amount: 100, currency: 'EUR', cardDetails: card },
      paymentId: 'pi_123',
    });
    expect(parsed.passengers[0]?.firstName).toBe('Ada');
    expect(parsed.paymentDetails.currency).toBe('EUR');
  });

  it('requires passengers and a payment id', () => {
    const result = bookingRequestSchema.safeParse({
      offerId: 'off_1',
      passengers: [],
      paymentDetails: { amount: 1, currency: 'EUR' },
    });
    expect(pathsOf(result)).toEqual([
      'passengers: At least one passenger is required',
      'paymentId: Invalid input: expected string, received undefined',
    ]);
  });

  it('describes the booking response', () => {
    const response = {
      id: 'b1',
      duffelBookingId: 'ord_0000abc',
      accountCreated: true,
      accountInfo: { username: 'ada', password: 'x', email: 'ada@example.com' },
      emailContent: '<p>Hi</p>',
    };
    expect(bookingResponseSchema.parse(response)).toEqual(response);
    expect(bookingResponseSchema.safeParse({ id: 'b1', accountCreated: false }).success).toBe(false);
  });
});

describe('booking status and reference', () => {
  it('lists the four status values and their My Trips tab', () => {
    expect(BOOKING_STATUSES).toEqual(['confirmed', 'pending', 'completed', 'cancelled']);
    expect(BOOKING_STATUSES.map(tripTabOf)).toEqual(['upcoming', 'upcoming', 'past', 'cancelled']);
  });

  it('shows the first 8 characters of the provider booking id, uppercased', () => {
    expect(bookingReference('ord_0000abcdef')).toBe('ORD_0000');
    expect(bookingReference('abc')).toBe('ABC');
  });

  it('accepts every one of the 24 passport countries as an issuing country', () => {
    expect(passportCountries).toHaveLength(24);
    const passengers = passportCountries.map((country) => ({
      ...passenger,
      passportIssuingCountry: country.code.toLowerCase(),
    }));
    const parsed = bookingRequestSchema.parse({
      offerId: 'off_1',
      passengers: passengers.slice(0, 9),
      paymentDetails: { amount: 1, currency: 'USD' },
      paymentId: 'pi',
    });
    expect(parsed.passengers.map((p) => p.passportIssuingCountry)).toEqual(
      passportCountries.slice(0, 9).map((c) => c.code),
    );
  });
});
