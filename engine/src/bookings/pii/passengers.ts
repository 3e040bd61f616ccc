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

export async function openPassengers(vault: PiiVault, records: readonly PassengerRecord[]): Promise<OpenedPassenger[]> {
  return Promise.all(
    records.map(async ({ passengerId, type, pii }) => ({ passengerId, type, pii: await vault.open(pii) })),
  );
}
