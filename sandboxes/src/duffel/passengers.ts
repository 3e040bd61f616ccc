import type { OfferPassenger } from '@duffel/api/types';
import type { PassengerKind } from './pricing.js';
import { idFrom } from './random.js';
import type { SandboxSearch } from './request-codec.js';

export interface SearchPassenger {
  id: string;
  kind: PassengerKind;
  age: number | null;
}

/** Seed 001: adult 12+, child 2-11, infant under 2 (on a lap). */
export function kindOfAge(age: number): PassengerKind {
  if (age >= 12) return 'adult';
  return age >= 2 ? 'child' : 'infant_without_seat';
}

export function searchPassengers(search: SandboxSearch): SearchPassenger[] {
  return search.passengers.map((passenger, index) => ({
    id: `pas_${idFrom(`${search.nonce}:${index}`)}`,
    kind: passenger === 'adult' ? 'adult' : kindOfAge(passenger),
    age: passenger === 'adult' ? null : passenger,
  }));
}

/**
 * A passenger as an offer lists it. The search names nobody: Duffel then sends the names as null
 * (the client's types say optional) and no loyalty accounts.
 */
export function offerPassenger(passenger: SearchPassenger): OfferPassenger {
  return {
    id: passenger.id,
    type: passenger.kind,
    age: passenger.age,
    given_name: null as unknown as undefined,
    family_name: null as unknown as undefined,
    loyalty_programme_accounts: [],
    fare_type: null,
  };
}
