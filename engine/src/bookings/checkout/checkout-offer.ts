import { OFFER_EXPIRED_MESSAGE, type FlightOffer } from '@contrail/shared';
import { isInternationalOffer, lastFlightDate, passengersSchema, type Passenger } from '@contrail/shared/booking/index';
import type { Money } from '@contrail/shared/booking/money';
import { z } from 'zod';
import { FlightProviderError, type FlightProvider } from '../../flights/provider.js';
import type { StartBooking } from '../domain/commands.js';
import type { PricingRecord } from '../domain/events.js';
import { itineraryOf, tripTimesOf } from '../domain/itinerary.js';
import { invalidField, Refusal } from '../domain/refusals.js';

/**
 * What a checkout (a booking or a hold) takes from its offer: the offer while it is still sold, the
 * travellers checked against it, and the StartBooking command that records it.
 */

/** The offer as the provider sells it now; a refusal once it is gone. */
export async function offerOnSale(flights: FlightProvider, offerId: string): Promise<FlightOffer> {
  return flights.getOffer(offerId).catch((error: unknown) => {
    const gone = error instanceof FlightProviderError && ['not_found', 'offer_unavailable'].includes(error.kind);
    throw gone ? new Refusal('OFFER_EXPIRED', OFFER_EXPIRED_MESSAGE) : error;
  });
}

/** The travellers as sent, checked by the offer's rules, with the offer passenger id of each. */
export function checkedTravellers(
  offer: FlightOffer,
  sent: unknown,
  today: Date,
): { passengers: Passenger[]; passengerIds: string[] } {
  const { passengers } = z
    .object({
      passengers: passengersSchema({
        passportRequired: isInternationalOffer(offer),
        today,
        lastFlightDate: lastFlightDate(offer),
      }),
    })
    .parse({ passengers: sent });
  return { passengers, passengerIds: passengerIdsFor(offer, passengers) };
}

/** Offer passenger ids for the travellers, matched by type in order (the form lists adults, then children, then infants). */
function passengerIdsFor(offer: FlightOffer, passengers: readonly Passenger[]): string[] {
  const pool = itineraryOf(offer).passengers;
  if (pool.length !== passengers.length)
    throw invalidField('passengers', `This offer is for ${pool.length} passenger(s)`);
  const taken = new Set<string>();
  return passengers.map((passenger, index) => {
    const match = pool.find((candidate) => candidate.type === passenger.type && !taken.has(candidate.id));
    if (!match) throw invalidField(`passengers.${index}.type`, `This offer has no further ${passenger.type} passenger`);
    taken.add(match.id);
    return match.id;
  });
}

export interface StartFacts {
  bookingId: string;
  brandKey: string;
  customerId: string | null;
  price: Money;
  pricing: PricingRecord;
  at: string;
}

/** The command that starts a booking of this offer. */
export function startBookingOf(offer: FlightOffer, facts: StartFacts): StartBooking {
  const { bookingId, brandKey, customerId, price, pricing, at } = facts;
  const itinerary = itineraryOf(offer);
  return {
    type: 'StartBooking',
    data: {
      bookingId,
      brandKey,
      offerId: offer.id,
      customerId,
      price,
      pricing,
      offerExpiresAt: offer.expires_at,
      passportRequired: isInternationalOffer(offer),
      cancellable: itinerary.conditions.refundable,
      ...tripTimesOf(offer),
      itinerary,
      at,
    },
  };
}
