import { toMinorUnits } from '@contrail/shared/booking/money';
import { z } from 'zod';
import type { FlightProvider } from '../../flights/provider.js';
import { invalidField } from '../domain/errors.js';
import type { SeatRecord } from '../domain/events.js';
import type { Money } from '../domain/money.js';

/** Seats as the storefront sends them with process-card and the booking (one per passenger and flight). */
export const seatRequestsSchema = z
  .array(
    z.object({
      passengerId: z.string().trim().min(1).max(100),
      segmentId: z.string().trim().min(1).max(100),
      designator: z.string().trim().min(1).max(10),
      serviceId: z.string().trim().min(1).max(100),
    }),
  )
  .max(40)
  .optional();
export type SeatRequest = NonNullable<z.output<typeof seatRequestsSchema>>[number];

/**
 * The chosen seats priced from the provider's seat maps as they stand now: the seat's own service
 * for that passenger, at the airline's price (seats carry no markup, as the storefront shows them).
 */
export async function pricedSeats(
  flights: FlightProvider,
  offerId: string,
  requests: readonly SeatRequest[],
): Promise<SeatRecord[]> {
  if (requests.length === 0) return [];
  const maps = await flights.getSeatMaps(offerId);
  return requests.map((request, index) => {
    const problem = (message: string) => invalidField(`seats.${index}`, message);
    const map = maps.find((candidate) => candidate.segment_id === request.segmentId);
    if (!map) throw problem('No seat map for this flight');
    const element = map.cabins
      .flatMap((cabin) => cabin.rows)
      .flatMap((row) => row.sections)
      .flatMap((section) => section.elements)
      .find((candidate) => candidate.type === 'seat' && candidate.designator === request.designator);
    const service = element?.available_services?.find(
      (candidate) => candidate.id === request.serviceId && candidate.passenger_id === request.passengerId,
    );
    if (!element || element.available === false || !service)
      throw problem(`Seat ${request.designator} is not available`);
    const currency = service.total_currency.toUpperCase();
    return {
      passengerId: request.passengerId,
      segmentId: request.segmentId,
      designator: request.designator,
      serviceId: service.id,
      price: { amount: toMinorUnits(service.total_amount, currency), currency },
    };
  });
}

export function withSeats(price: Money, seats: readonly SeatRecord[]): Money {
  return { amount: price.amount + seats.reduce((sum, seat) => sum + seat.price.amount, 0), currency: price.currency };
}

/** The `seats` field of a request body, so that errors name `seats.N.field`. */
export const seatsBodySchema = z.object({ seats: seatRequestsSchema });
