import { describe, expect, it } from 'vitest';
import { passengersSchema } from '@contrail/shared/booking/passenger';
import { decide } from '../domain/decider.js';
import type { BookingEvent } from '../domain/events.js';
import { openPassengers, sealPassengers } from './passengers.js';
import { newDataKey } from './cipher.js';
import { InMemoryPiiKeyStore } from './key-store.js';
import { PiiVault } from './vault.js';
import { foldBooking, type StartedState } from '../domain/state.js';

const today = '2026-11-22';
const passengers = passengersSchema({ passportRequired: true, today }).parse([
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1990-05-01',
    email: 'ada@example.com',
    phone: '+44 20 7946 0001',
    passportNumber: 'ab 123456',
    passportExpiryDate: '2030-01-01',
    passportIssuingCountry: 'gb',
  },
  {
    type: 'child',
    firstName: 'Bob',
    lastName: 'Byte',
    dateOfBirth: '2018-02-03',
    passportNumber: 'X998877',
    passportExpiryDate: '2029-01-01',
    passportIssuingCountry: 'GB',
  },
]);

describe('passengers in booking events', () => {
  it('seals each traveller, so the events hold no personal data, and erases one without the other', async () => {
    const vault = new PiiVault(new InMemoryPiiKeyStore(newDataKey));
    const records = await sealPassengers(vault, 'b1', passengers, ['pas_1', 'pas_2']);
    const started: BookingEvent = {
      type: 'BookingStarted',
      data: {
        bookingId: 'b1',
        brandKey: 'default',
        offerId: 'off_1',
        customerId: null,
        price: { amount: 100, currency: 'USD' },
        offerExpiresAt: '2026-11-22T13:00:00Z',
        passportRequired: true,
        cancellable: true,
        departsAt: null,
        arrivesAt: null,
        itinerary: null,
        at: `${today}T12:00:00Z`,
      },
    };
    const events = [
      started,
      ...decide(
        { type: 'ProvidePassengers', data: { passengers: records, at: `${today}T12:00:00Z` } },
        foldBooking([started]),
      ),
    ];
    // Ciphertext is random base64, which may spell "Bob" by chance: read it as the bytes it is.
    const ciphertexts: string[] = [];
    const stored = JSON.stringify(events);
    const shown = JSON.stringify(events, (key, value: unknown) => {
      if (typeof value !== 'string' || !['data', 'iv', 'tag'].includes(key)) return value;
      ciphertexts.push(Buffer.from(value, 'base64').toString('latin1'));
      return '<sealed>';
    });
    const personal = /Ada|Lovelace|ada@example|AB123456|1990-05-01|Bob|X998877/;
    expect(shown).not.toMatch(personal);
    expect(ciphertexts.length).toBeGreaterThan(0);
    for (const bytes of ciphertexts) expect(bytes).not.toMatch(personal);
    expect(records.map((record) => [record.passengerId, record.type])).toEqual([
      ['pas_1', 'adult'],
      ['pas_2', 'child'],
    ]);

    const readBack = (foldBooking(JSON.parse(stored) as BookingEvent[]) as StartedState).passengers;
    expect((await openPassengers(vault, readBack)).map((passenger) => passenger.pii?.passportNumber)).toEqual([
      'AB123456',
      'X998877',
    ]);

    await vault.erase('b1', ['pas_1']);
    const afterErase = await openPassengers(vault, readBack);
    expect(afterErase[0]).toEqual({ passengerId: 'pas_1', type: 'adult', pii: null });
    expect(afterErase[1]?.pii?.firstName).toBe('Bob');
  });

  it('wants one id per passenger', async () => {
    const vault = new PiiVault(new InMemoryPiiKeyStore(newDataKey));
    await expect(sealPassengers(vault, 'b1', passengers, ['pas_1'])).rejects.toThrow();
  });
});
