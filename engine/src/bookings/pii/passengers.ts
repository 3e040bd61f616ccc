import type { Passenger } from '@contrail/shared/booking/passenger';
import type { PassengerRecord } from '../domain/events.js';
import type { PassengerPii } from './sealed.js';
import type { PiiVault } from './vault.js';

/** The personal part of a validated passenger: everything but its type and id. */
export function piiOf(passenger: Passenger): PassengerPii {
  return {
    title: passenger.title,
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    gender: passenger.gender,
    dateOfBirth: passenger.dateOfBirth,
    email: passenger.email,
    phone: passenger.phone,
    passportNumber: passenger.passportNumber,
    passportExpiryDate: passenger.passportExpiryDate,
    passportIssuingCountry: passenger.passportIssuingCountry,
  };
}

/**
 * Passengers as PassengersProvided carries them: each sealed under its own traveller key.
 * `passengerIds[i]` names passenger i (the offer's passenger ids, so the order can use them).
 */
export async function sealPassengers(
  vault: PiiVault,
  bookingId: string,
  passengers: readonly Passenger[],
  passengerIds: readonly string[],
): Promise<PassengerRecord[]> {
  if (passengerIds.length !== passengers.length) throw new Error('One passenger id per passenger');
  return Promise.all(
    passengers.map(async (passenger, index) => {
      const passengerId = passengerIds[index]!;
      return { passengerId, type: passenger.type, pii: await vault.seal(bookingId, passengerId, piiOf(passenger)) };
    }),
  );
}

export interface OpenedPassenger {
  passengerId: string;
  type: PassengerRecord['type'];
  /** Null once the traveller's data was erased. */
  pii: PassengerPii | null;
}

/**
 * The travellers' data as the request that sealed it was sent, by key id, as opening it would
 * give it back: that request answers with it without reading the keys again.
 */
export function sentPii(
  records: readonly PassengerRecord[],
  passengers: readonly Passenger[],
): Map<string, PassengerPii> {
  return new Map(
    records.map((record, index) => [
      record.pii.keyId,
      JSON.parse(JSON.stringify(piiOf(passengers[index]!))) as PassengerPii,
    ]),
  );
}

/** `known`: data the caller holds in plain already (see sentPii); the rest is opened with its key. */
export async function openPassengers(
  vault: PiiVault,
  records: readonly PassengerRecord[],
  known?: ReadonlyMap<string, PassengerPii>,
): Promise<OpenedPassenger[]> {
  return Promise.all(
    records.map(async ({ passengerId, type, pii }) => ({
      passengerId,
      type,
      pii: known?.get(pii.keyId) ?? (await vault.open(pii)),
    })),
  );
}
