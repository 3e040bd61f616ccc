import type { FlightOffer } from '@contrail/shared/flights/offer';
import type { SeatMapElementView, SeatMapView } from '@contrail/shared/flights/seat-map';
import type { PassengerType } from '@contrail/shared/booking/passenger';
import type { CabinClass } from '@contrail/shared/search/cabin';

/** Seed 001 §2 groups seat maps by these cabin names. */
export const SEAT_CABIN_LABELS: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

export const SEAT_MESSAGES = {
  requiredTitle: 'Seat Selection Required',
  required: 'Please select seats for all passengers',
  unavailableTitle: 'Seat Selection Unavailable',
  unavailable: 'We could not load the seat map for this flight. You may continue without selecting seats.',
  missing: 'Seat maps are not available for this flight.',
  basicEconomy:
    'Basic Economy fares may not include free seat selection. Seats you choose here are charged as shown; you can also skip and be assigned a seat at check-in.',
} as const;

/** One passenger's seat on one flight (seed 001 §3 "Seat selection", per segment). */
export interface SeatChoice {
  /** The offer's passenger id. */
  passengerId: string;
  segmentId: string;
  designator: string;
  serviceId: string;
  cabinClass: CabinClass;
  /** Decimal amount; 0 when the seat is free. */
  amount: number;
  currency: string;
}

/**
 * The offer's passenger ids for the form's travellers: matched by type in order (adults, then
 * children, then infants), as the engine matches them.
 */
export function offerPassengerIds(offer: FlightOffer, types: readonly PassengerType[]): string[] {
  const taken = new Set<string>();
  return types.map((type, index) => {
    const match =
      offer.passengers.find((passenger) => (passenger.type ?? 'adult') === type && !taken.has(passenger.id)) ??
      offer.passengers.find((passenger) => !taken.has(passenger.id));
    const id = match?.id ?? `passenger_${index + 1}`;
    taken.add(id);
    return id;
  });
}

/** A seat is free to choose unless the map says it is not, and it has a service for this passenger. */
export function seatServiceFor(element: SeatMapElementView, passengerId: string) {
  if (element.type !== 'seat' || element.available === false) return undefined;
  const services = element.available_services ?? [];
  return services.find((service) => service.passenger_id === passengerId);
}

export function isSelectableSeat(element: SeatMapElementView): boolean {
  return element.type === 'seat' && element.available !== false && (element.available_services?.length ?? 0) > 0;
}

/** The seat maps that can be chosen from: those with at least one selectable seat. */
export function choosableMaps(maps: readonly SeatMapView[]): SeatMapView[] {
  return maps.filter((map) =>
    map.cabins.some((cabin) => cabin.rows.some((row) => row.sections.some((s) => s.elements.some(isSelectableSeat)))),
  );
}

/** Every seated passenger (lap infants have no seat) has a seat on every flight with a map. */
export function allSeatsChosen(
  maps: readonly SeatMapView[],
  seatedPassengerIds: readonly string[],
  choices: readonly SeatChoice[],
): boolean {
  return choosableMaps(maps).every((map) =>
    seatedPassengerIds.every((id) => choices.some((c) => c.segmentId === map.segment_id && c.passengerId === id)),
  );
}

/** Chooses `seat` for a passenger on its flight, replacing their earlier seat there. */
export function chooseSeat(choices: readonly SeatChoice[], seat: SeatChoice): SeatChoice[] {
  return [...choices.filter((c) => !(c.segmentId === seat.segmentId && c.passengerId === seat.passengerId)), seat];
}

export function seatsTotal(choices: readonly SeatChoice[]): number {
  return Math.round(choices.reduce((sum, choice) => sum + choice.amount, 0) * 100) / 100;
}

/** The next passenger on this flight without a seat, after `current`, wrapping; `current` if all have one. */
export function nextPassengerWithoutSeat(
  segmentId: string,
  passengerIds: readonly string[],
  choices: readonly SeatChoice[],
  current: number,
): number {
  for (let step = 1; step <= passengerIds.length; step += 1) {
    const index = (current + step) % passengerIds.length;
    if (!choices.some((c) => c.segmentId === segmentId && c.passengerId === passengerIds[index])) return index;
  }
  return current;
}
