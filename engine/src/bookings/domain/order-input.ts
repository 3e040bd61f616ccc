import { currencyDecimals, fromMinorUnits, toMinorUnits } from '@contrail/shared/booking/money';
import { e164 } from '@contrail/shared/booking/phone';
import type { CreateOrderInput, OrderPassengerInput } from '../../flights/provider.js';
import type { OpenedPassenger } from '../pii/passengers.js';
import { extrasTotal, type InCheckout } from './state.js';

export class OrderInputError extends Error {}

/**
 * The provider order for a booking: its offer's passengers by id, the contact details of the first
 * passenger for those who gave none, lap infants on the adults in turn, and the supplied price.
 */
export function orderInputOf(state: InCheckout, passengers: readonly OpenedPassenger[]): CreateOrderInput {
  const booking = state.booking;
  const itinerary = booking.itinerary;
  if (!itinerary) throw new OrderInputError('The booking has no itinerary');
  const primary = passengers[0]?.pii;
  const adults = passengers.filter((passenger) => passenger.type === 'adult').map((passenger) => passenger.passengerId);
  const infants = passengers.filter((passenger) => passenger.type === 'infant_without_seat');
  const lapOf = new Map(
    infants.map((infant, index) => [adults[index % Math.max(adults.length, 1)]!, infant.passengerId]),
  );
  const orderPassengers = passengers.map((passenger): OrderPassengerInput => {
    const pii = passenger.pii;
    if (!pii) throw new OrderInputError(`The data of passenger ${passenger.passengerId} was erased`);
    const female = pii.gender === 'female';
    const phone = e164(pii.phone) ?? e164(primary?.phone);
    const email = pii.email ?? primary?.email;
    if (!phone || !email) throw new OrderInputError('A contact email and phone number are required');
    const infant = lapOf.get(passenger.passengerId);
    return {
      id: passenger.passengerId,
      // The provider needs a title and m/f; "prefer not to say" travels as the title's default.
      title: (pii.title as OrderPassengerInput['title'] | undefined) ?? (female ? 'ms' : 'mr'),
      gender: female ? 'f' : 'm',
      given_name: pii.firstName,
      family_name: pii.lastName,
      born_on: pii.dateOfBirth,
      email,
      phone_number: phone,
      ...(pii.passportNumber &&
        pii.passportExpiryDate &&
        pii.passportIssuingCountry && {
          identity_documents: [
            {
              type: 'passport' as const,
              unique_identifier: pii.passportNumber,
              issuing_country_code: pii.passportIssuingCountry.toUpperCase(),
              expires_on: pii.passportExpiryDate,
            },
          ],
        }),
      ...(infant && { infant_passenger_id: infant }),
    };
  });
  const services = [
    ...state.seats.map((seat) => ({ id: seat.serviceId, quantity: 1 })),
    ...(state.bags ?? []).map((bag) => ({ id: bag.serviceId, quantity: bag.quantity })),
  ];
  // What the provider is paid: its offer price and the seats and bags at the airline's price.
  const currency = itinerary.supplied.currency;
  const minor = toMinorUnits(itinerary.supplied.amount, currency) + extrasTotal(state);
  return {
    offerId: booking.offerId,
    passengers: orderPassengers,
    services,
    amount: fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency)),
    currency: itinerary.supplied.currency,
    metadata: { booking_id: booking.bookingId },
  };
}
