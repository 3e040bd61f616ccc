import { describe, expect, it } from 'vitest';
import {
  PASSENGER_MESSAGES as M,
  isPassportField,
  normalizePassportNumber,
  passengersSchema,
  passportValidityWarning,
  type PassengerInput,
} from './passenger.js';
import { lastFlightDate } from './international.js';

const today = '2026-11-22';

const primary: PassengerInput = {
  type: 'adult',
  title: 'mr',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'female',
  dateOfBirth: '1990-05-01',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  passportNumber: 'ab 123 456',
  passportExpiryDate: '2030-01-01',
  passportIssuingCountry: 'gb',
};

const second: PassengerInput = { firstName: 'Bob', lastName: 'Byte', dateOfBirth: '2015-02-03' };

function issues(passengers: unknown, passportRequired = true, day: string | Date = today) {
  const result = passengersSchema({ passportRequired, today: day }).safeParse(passengers);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const messagesFor = (passengers: unknown, field: string, passportRequired = true) =>
  issues(passengers, passportRequired)
    .filter((issue) => issue.path === field)
    .map((issue) => issue.message);

describe('passport and the last flight (issue 20)', () => {
  const rules = { passportRequired: true, today, lastFlightDate: '2026-12-27' };
  const withExpiry = (passportExpiryDate: string) =>
    passengersSchema(rules)
      .safeParse([{ ...primary, passportExpiryDate }])
      .error?.issues.map((issue) => issue.message) ?? [];

  it('refuses a passport that expires on or before the day of the last flight, naming that day', () => {
    expect(withExpiry('2026-12-20')).toEqual(['Passport must be valid beyond your last flight on Dec 27, 2026']);
    expect(withExpiry('2026-12-27')).toEqual([M.beyondLastFlight('Dec 27, 2026')]);
    expect(withExpiry('2026-12-28')).toEqual([]);
    // Expired stays the seed's message.
    expect(withExpiry('2026-11-01')).toEqual([M.expired]);
  });

  it('keeps the 180-day warning for a passport that outlasts the trip', () => {
    expect(passportValidityWarning('2027-02-01', today)).toBe(M.expiryWarning);
  });

  it('finds the day the last flight lands', () => {
    const offer = {
      slices: [
        { segments: [{ arriving_at: '2026-12-20T21:05:00' }] },
        { segments: [{ arriving_at: '2026-12-27T09:00:00' }, { arriving_at: '2026-12-28T06:40:00' }] },
      ],
    };
    expect(lastFlightDate(offer)).toBe('2026-12-28');
    expect(lastFlightDate({ slices: [] })).toBeUndefined();
  });
});

describe('passenger rules', () => {
  it('accepts a complete primary passenger and normalises passport data', () => {
    const parsed = passengersSchema({ passportRequired: true, today }).parse([
      primary,
      { ...second, passportNumber: 'x1234 5', passportExpiryDate: '2031-01-01', passportIssuingCountry: 'us' },
    ]);
    expect(parsed[0]).toMatchObject({ passportNumber: 'AB123456', passportIssuingCountry: 'GB', firstName: 'Ada' });
    expect(parsed[1]).toMatchObject({ passportNumber: 'X12345', type: 'adult' });
  });

  it('requires at least one passenger', () => {
    expect(issues([])).toEqual([{ path: '', message: M.atLeastOne }]);
    expect(issues(undefined)).toEqual([{ path: '', message: M.atLeastOne }]);
  });

  it('requires names and date of birth with the seed messages', () => {
    const bad = { ...primary, firstName: '  ', lastName: '', dateOfBirth: '' };
    expect(messagesFor([bad], '0.firstName')).toEqual([M.firstName]);
    expect(messagesFor([bad], '0.lastName')).toEqual([M.lastName]);
    expect(messagesFor([bad], '0.dateOfBirth')).toEqual([M.dateOfBirth]);
    expect(messagesFor([{ ...primary, firstName: undefined }], '0.firstName')).toEqual([M.firstName]);
  });

  it('refuses a date of birth after today', () => {
    expect(messagesFor([{ ...primary, dateOfBirth: '2026-11-23' }], '0.dateOfBirth')).toEqual([M.dateOfBirthFuture]);
    expect(messagesFor([{ ...primary, dateOfBirth: today }], '0.dateOfBirth')).toEqual([]);
    expect(messagesFor([{ ...primary, dateOfBirth: '2026-02-30' }], '0.dateOfBirth')).toEqual([M.dateOfBirth]);
  });

  it("requires the first passenger's email and phone only", () => {
    expect(messagesFor([{ ...primary, email: '' }], '0.email')).toEqual([M.primaryEmail]);
    expect(messagesFor([{ ...primary, email: 'not-an-email' }], '0.email')).toEqual([M.primaryEmail]);
    expect(messagesFor([{ ...primary, phone: ' ' }], '0.phone')).toEqual([M.primaryPhone]);
    expect(issues([primary, second], false)).toEqual([]);
  });

  it('checks an optional email of another passenger when given', () => {
    expect(messagesFor([primary, { ...second, email: 'nope' }], '1.email', false)).toEqual([M.email]);
    expect(messagesFor([primary, { ...second, email: 'bob@example.com' }], '1.email', false)).toEqual([]);
  });

  it('limits the passport number after normalisation', () => {
    expect(normalizePassportNumber(' ab 12\t34 ')).toBe('AB1234');
    expect(messagesFor([{ ...primary, passportNumber: 'ab 123' }], '0.passportNumber')).toEqual([]);
    expect(messagesFor([{ ...primary, passportNumber: 'a 1 2 3' }], '0.passportNumber')).toEqual([M.passportTooShort]);
    expect(messagesFor([{ ...primary, passportNumber: '1'.repeat(20) }], '0.passportNumber')).toEqual([]);
    expect(messagesFor([{ ...primary, passportNumber: '1'.repeat(21) }], '0.passportNumber')).toEqual([
      M.passportTooLong,
    ]);
    expect(messagesFor([{ ...primary, passportNumber: 'AB-12345' }], '0.passportNumber')).toEqual([
      M.passportCharacters,
    ]);
  });

  it('refuses an expired passport, today included', () => {
    expect(messagesFor([{ ...primary, passportExpiryDate: today }], '0.passportExpiryDate')).toEqual([M.expired]);
    expect(messagesFor([{ ...primary, passportExpiryDate: '2020-01-01' }], '0.passportExpiryDate')).toEqual([
      M.expired,
    ]);
    expect(messagesFor([{ ...primary, passportExpiryDate: '2026-11-23' }], '0.passportExpiryDate')).toEqual([]);
    expect(messagesFor([{ ...primary, passportExpiryDate: 'soon' }], '0.passportExpiryDate')).toEqual([
      M.expiryRequired,
    ]);
  });

  it('takes today as a Date without reading the clock', () => {
    expect(issues([{ ...primary, passportExpiryDate: '2026-11-23' }], true, new Date('2026-11-23T23:59:00Z'))).toEqual([
      { path: '0.passportExpiryDate', message: M.expired },
    ]);
  });

  it('requires an issuing country of exactly two letters', () => {
    expect(messagesFor([{ ...primary, passportIssuingCountry: 'GBR' }], '0.passportIssuingCountry')).toEqual([
      M.countryLength,
    ]);
    expect(messagesFor([{ ...primary, passportIssuingCountry: 'G1' }], '0.passportIssuingCountry')).toEqual([
      M.countryLetters,
    ]);
    expect(messagesFor([{ ...primary, passportIssuingCountry: 'se' }], '0.passportIssuingCountry')).toEqual([]);
  });

  it('requires every passport field when the offer is international', () => {
    const bare = { ...second, passportNumber: '', passportExpiryDate: '', passportIssuingCountry: '' };
    expect(issues([primary, bare], true)).toEqual([
      { path: '1.passportNumber', message: M.passportTooShort },
      { path: '1.passportExpiryDate', message: M.expiryRequired },
      { path: '1.passportIssuingCountry', message: M.countryLength },
    ]);
    expect(issues([primary, bare], false)).toEqual([]);
  });

  it('still checks passport fields given on a domestic offer', () => {
    expect(messagesFor([{ ...primary, passportNumber: 'A1' }], '0.passportNumber', false)).toEqual([
      M.passportTooShort,
    ]);
  });

  it('warns, without refusing, under 180 days of validity', () => {
    expect(passportValidityWarning('2027-05-20', today)).toBe(M.expiryWarning); // 179 days
    expect(passportValidityWarning('2027-05-21', today)).toBeNull(); // 180 days
    expect(passportValidityWarning(today, today)).toBeNull(); // expired: an error, not a warning
    expect(passportValidityWarning(undefined, today)).toBeNull();
    expect(issues([{ ...primary, passportExpiryDate: '2027-01-01' }])).toEqual([]);
  });

  it('tells passport fields apart for Skip Passport Info', () => {
    expect(isPassportField('passengers.0.passportExpiryDate')).toBe(true);
    expect(isPassportField('passportNumber')).toBe(true);
    expect(isPassportField('passengers.0.phone')).toBe(false);
  });
});
