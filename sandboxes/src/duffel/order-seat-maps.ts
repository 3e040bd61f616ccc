import type { Offer, Order, SeatMap, SeatMapCabinRowSectionElement } from '@duffel/api/types';
import { seatMapsFor, type SeatService } from './seat-maps.js';

/** `segmentId:designator` of the seats an order holds, and `segmentId:passengerId` of who sits in them. */
function heldBy(order: Order): { seats: Set<string>; seated: Set<string> } {
  const seats = new Set<string>();
  const seated = new Set<string>();
  for (const service of order.services) {
    if (service.type !== 'seat') continue;
    const designator = (service.metadata as { designator?: string }).designator;
    for (const segmentId of service.segment_ids) {
      if (designator) seats.add(`${segmentId}:${designator}`);
      for (const passengerId of service.passenger_ids) seated.add(`${segmentId}:${passengerId}`);
    }
  }
  return { seats, seated };
}

/**
 * The seat maps of a paid order (`GET air/seat_maps?order_id=`): its flights' maps, the seat
 * services for the order's passengers, none on seats the order holds already, and none for a
 * passenger who already has a seat on that flight. None once cancelled or while unpaid.
 */
export function orderSeatMaps(order: Order, offer: Offer): { seatMaps: SeatMap[]; services: SeatService[] } {
  if (order.cancelled_at || order.payment_status.awaiting_payment) return { seatMaps: [], services: [] };
  const passengerIds = new Map(offer.passengers.map((passenger, i) => [passenger.id, order.passengers[i]?.id ?? '']));
  const segments = new Set(order.slices.flatMap((slice) => slice.segments.map((segment) => segment.id)));
  const held = heldBy(order);
  const sellable = (segmentId: string, designator: string, passengerId: string) =>
    !held.seats.has(`${segmentId}:${designator}`) && !held.seated.has(`${segmentId}:${passengerId}`);
  const built = seatMapsFor(offer);
  const services = built.services
    .map((service) => ({ ...service, passengerId: passengerIds.get(service.passengerId) ?? service.passengerId }))
    .filter((service) => segments.has(service.segmentId))
    .filter((service) => sellable(service.segmentId, service.designator, service.passengerId));
  const element = (segmentId: string, source: SeatMapCabinRowSectionElement): SeatMapCabinRowSectionElement => {
    if (source.type !== 'seat' && source.type !== 'restricted_seat_general') return source;
    const available = source.available_services
      .map((service) => ({ ...service, passenger_id: passengerIds.get(service.passenger_id) ?? service.passenger_id }))
      .filter((service) => sellable(segmentId, source.designator, service.passenger_id));
    return { ...source, available_services: available };
  };
  const seatMaps = built.seatMaps
    .filter((map) => segments.has(map.segment_id))
    .map((map) => ({
      ...map,
      cabins: map.cabins.map((cabin) => ({
        ...cabin,
        rows: cabin.rows.map((row) => ({
          sections: row.sections.map((section) => ({
            elements: section.elements.map((one) => element(map.segment_id, one)),
          })),
        })),
      })),
    }));
  return { seatMaps, services };
}
