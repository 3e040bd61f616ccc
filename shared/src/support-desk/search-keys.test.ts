import { describe, expect, it } from 'vitest';
import { bookingSearchMessages, bookingSearchQuerySchema } from './booking-search.js';
import { normalEmail, normalName, normalPhone, travellerNameKeys } from './search-keys.js';

describe('the normal forms a traveller is searched by', () => {
  it('reads a name without case, accents, spaces, hyphens or apostrophes', () => {
    expect(normalName("O'Brien-Núñez")).toBe('obriennunez');
    expect(normalName('  obrien nunez ')).toBe('obriennunez');
    expect(normalName('Ærø')).toBe('ærø');
    expect(normalName(" - ' ")).toBe('');
  });
  it('finds a traveller by the surname alone or by the given name and the surname', () => {
    expect(travellerNameKeys('Ada', 'Lovelace')).toEqual(['lovelace', 'adalovelace']);
    expect(travellerNameKeys('', 'Lovelace')).toEqual(['lovelace']);
  });
  it('reads an email trimmed in lower case, and a phone in E.164 whatever its spacing', () => {
    expect(normalEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalEmail('not an email')).toBe('');
    expect(normalPhone('+44 20 7946 0001')).toBe('+442079460001');
    expect(normalPhone('0044 (20) 7946-0001')).toBe('+442079460001');
    expect(normalPhone('12')).toBe('');
  });
});

describe('the booking search query', () => {
  it('reads a reference as printed, in any case with spaces, and the other filters in their normal form', () => {
    expect(
      bookingSearchQuerySchema.parse({
        reference: ' abc 123 ',
        name: 'Ada  LOVELACE',
        email: 'ADA@example.com',
        phone: '+1 (212) 555-0199',
        status: 'Confirmed',
        from: '2026-11-01',
        to: '2026-11-02',
        limit: '5',
        offset: '10',
      }),
    ).toEqual({
      reference: 'ABC123',
      name: 'adalovelace',
      email: 'ada@example.com',
      phone: '+12125550199',
      status: 'confirmed',
      dateField: 'booked',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T23:59:59.999Z',
      limit: 5,
      offset: 10,
    });
  });
  it('says what is wrong with each bad filter', () => {
    const errors = (input: object) =>
      bookingSearchQuerySchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ reference: 'ab-12' })).toEqual([bookingSearchMessages.reference]);
    expect(errors({ name: "'-" })).toEqual([bookingSearchMessages.name]);
    expect(errors({ email: 'ada' })).toEqual([bookingSearchMessages.email]);
    expect(errors({ phone: '555' })).toEqual([bookingSearchMessages.phone]);
    expect(errors({ status: 'lost' })).toEqual([bookingSearchMessages.status]);
    expect(errors({ dateField: 'arrival' })).toEqual([bookingSearchMessages.dateField]);
    expect(errors({ from: 'yesterday' })).toEqual([bookingSearchMessages.day]);
    expect(errors({ limit: 'abc' })).toEqual([bookingSearchMessages.limit]);
    expect(errors({ limit: '101' })).toEqual([bookingSearchMessages.limit]);
    expect(errors({ offset: '-1' })).toEqual([bookingSearchMessages.offset]);
    expect(errors({ from: '2026-11-02', to: '2026-11-01' })).toEqual([bookingSearchMessages.range]);
  });
});
