import { segmentFlightNumber } from '../flights/flight-labels.js';

/**
 * Seats bought, as the confirmation, My Trips, the confirmation email and the CLI show them
 * (issue 20 item 4): one line per passenger and flight, in flight order, then passenger order.
 */
export interface SeatLine {
  passenger: string;
  /** "AA 123 JFK → LAX". */
  flight: string;
  designator: string;
}

interface SeatSegment {
  id?: string;
  origin?: { iata_code?: string } | null;
  destination?: { iata_code?: string } | null;
  flight_number?: string | null;
  marketing_carrier?: { iata_code?: string | null } | null;
  marketing_carrier_flight_number?: string | null;
}

export function seatLines(
  seats: ReadonlyArray<{ passengerId: string; segmentId: string; designator: string }>,
  slices: ReadonlyArray<{ segments?: ReadonlyArray<SeatSegment> | null }>,
  passengers: ReadonlyArray<{ id?: string; name: string }>,
): SeatLine[] {
  const segments = slices.flatMap((slice) => slice.segments ?? []);
  const flightOf = (segmentId: string) => {
    const segment = segments.find((candidate) => candidate.id === segmentId);
    if (!segment) return 'Flight';
    const route = `${segment.origin?.iata_code ?? '?'} → ${segment.destination?.iata_code ?? '?'}`;
    const number = segmentFlightNumber(segment);
    return number ? `${number} ${route}` : route;
  };
  const segmentOrder = (id: string) => {
    const at = segments.findIndex((segment) => segment.id === id);
    return at < 0 ? segments.length : at;
  };
  const passengerOrder = (id: string) => {
    const at = passengers.findIndex((passenger) => passenger.id === id);
    return at < 0 ? passengers.length : at;
  };
  return [...seats]
    .sort(
      (a, b) =>
        segmentOrder(a.segmentId) - segmentOrder(b.segmentId) ||
        passengerOrder(a.passengerId) - passengerOrder(b.passengerId),
    )
    .map((seat) => ({
      passenger: passengers.find((passenger) => passenger.id === seat.passengerId)?.name || 'Passenger',
      flight: flightOf(seat.segmentId),
      designator: seat.designator,
    }));
}

/** "Seat 12A: Jane Doe, AA 123 JFK → LAX", for plain text (email, CLI). */
export const seatLineText = (line: SeatLine) => `Seat ${line.designator}: ${line.passenger}, ${line.flight}`;
