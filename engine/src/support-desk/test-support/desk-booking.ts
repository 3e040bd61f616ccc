import type { AppDeps } from '../../app.js';
import { bookingStreamName, type BookingEvent } from '../../bookings/domain/events.js';
import type { PassengerPii } from '../../bookings/pii/sealed.js';
import { withMetadata } from '../../eventstore/metadata.js';
import { soldBooking } from '../../revenue/test-support/revenue-events.js';

export const ZELDA: PassengerPii = {
  firstName: 'Zelda',
  lastName: 'Quixotic',
  dateOfBirth: '1988-04-12',
  email: 'zelda.quixotic@example.com',
  phone: '+1 212 555 0199',
  passportNumber: 'ZQ7654321',
};

/** A confirmed booking of one traveller on `brandKey`, its data sealed in the vault as checkout seals it. */
export async function seedDeskBooking(deps: AppDeps, bookingId: string, brandKey: string, traveller = ZELDA) {
  const vault = deps.bookings!.vault;
  const at = deps.clock.now().toISOString();
  const [started, ...rest] = soldBooking({ bookingId, brandKey, price: 50_000, at });
  const passengers: BookingEvent = {
    type: 'PassengersProvided',
    data: {
      passengers: [{ passengerId: 'pas_1', type: 'adult', pii: await vault.seal(bookingId, 'pas_1', traveller) }],
      at,
    },
  };
  const events = withMetadata(
    [started!, passengers, ...rest],
    {
      correlationId: `seed-${bookingId}`,
      actor: 'system',
      brand: brandKey,
    },
    deps.clock,
  );
  await deps.eventStore.append(bookingStreamName(bookingId), events, 'no_stream');
}
