import type { SeatMapElementView, SeatMapView } from '../flights/seat-map.js';
import type { CabinClass } from '../search/cabin.js';

/** One passenger's seat as "Seat us together" picks it. */
export interface TogetherSeat {
  passengerId: string;
  designator: string;
  serviceId: string;
  cabinClass: CabinClass;
  /** Decimal amount; 0 when the seat is free. */
  amount: number;
  currency: string;
}

interface Candidate {
  seats: TogetherSeat[];
  /** 0: side by side between aisles; 1: across an aisle in the same row. */
  spread: number;
  cost: number;
  order: number;
}

function seatFor(element: SeatMapElementView, passengerId: string, cabinClass: CabinClass): TogetherSeat | null {
  if (element.type !== 'seat' || element.available === false || !element.designator) return null;
  const service = (element.available_services ?? []).find((each) => each.passenger_id === passengerId);
  if (!service) return null;
  const amount = Number(service.total_amount);
  return {
    passengerId,
    designator: element.designator,
    serviceId: service.id,
    cabinClass,
    amount: Number.isFinite(amount) ? amount : 0,
    currency: service.total_currency,
  };
}

/** Every run of `passengerIds.length` neighbouring seats in `line`, each free for its passenger. */
function runsIn(line: readonly SeatMapElementView[], passengerIds: readonly string[], cabinClass: CabinClass) {
  const runs: TogetherSeat[][] = [];
  const seats = line.filter((element) => element.type === 'seat');
  for (let start = 0; start + passengerIds.length <= seats.length; start += 1) {
    const run = passengerIds.map((id, index) => seatFor(seats[start + index]!, id, cabinClass));
    if (run.every((seat) => seat !== null)) runs.push(run as TogetherSeat[]);
  }
  return runs;
}

/**
 * "Seat us together" (issue 33): neighbouring seats for every passenger on one flight. Side by
 * side between aisles first, else across an aisle in one row; the cheapest, then the frontmost.
 * Null when no row has that many free seats together.
 */
export function seatsTogether(map: SeatMapView, passengerIds: readonly string[]): TogetherSeat[] | null {
  if (passengerIds.length === 0) return [];
  const candidates: Candidate[] = [];
  let order = 0;
  for (const cabin of map.cabins) {
    for (const row of cabin.rows) {
      const lines = [
        ...row.sections.map((section) => ({ spread: 0, line: section.elements })),
        { spread: 1, line: row.sections.flatMap((section) => section.elements) },
      ];
      for (const { spread, line } of lines) {
        for (const seats of runsIn(line, passengerIds, cabin.cabin_class)) {
          const cost = seats.reduce((sum, seat) => sum + seat.amount, 0);
          candidates.push({ seats, spread, cost, order: (order += 1) });
        }
      }
    }
  }
  candidates.sort((a, b) => a.spread - b.spread || a.cost - b.cost || a.order - b.order);
  return candidates[0]?.seats ?? null;
}
