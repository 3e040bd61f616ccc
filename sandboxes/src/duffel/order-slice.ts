import type { Offer, OrderSlice } from '@duffel/api/types';

type OfferSegment = Offer['slices'][number]['segments'][number];
type OrderSegmentPassenger = OrderSlice['segments'][number]['passengers'][number];

/**
 * An offer's slice as an order carries it: Duffel's orders answer empty strings where offers may
 * leave terminals, durations and distances out. `passengerOf` gives each flight's passenger.
 */
export function orderSliceOf(
  slice: Offer['slices'][number],
  passengerOf: (passenger: OfferSegment['passengers'][number], segment: OfferSegment) => OrderSegmentPassenger,
): OrderSlice {
  return {
    id: slice.id,
    origin: slice.origin,
    destination: slice.destination,
    origin_type: slice.origin_type,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    conditions: { change_before_departure: slice.conditions.change_before_departure },
    segments: slice.segments.map((segment) => ({
      ...segment,
      origin_terminal: segment.origin_terminal ?? '',
      destination_terminal: segment.destination_terminal ?? '',
      duration: segment.duration ?? '',
      distance: segment.distance ?? '',
      passengers: segment.passengers.map((passenger) => passengerOf(passenger, segment)),
    })),
  };
}
