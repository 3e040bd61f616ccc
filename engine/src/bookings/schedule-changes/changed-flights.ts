import type { ChangedFlight } from '@contrail/shared/booking/schedule-change';
import type { AirlineChange } from '../../flights/provider.js';
import { instantOf } from '../domain/itinerary.js';

type Slices = AirlineChange['added'];

/** The flights of a change's slices as the traveller reads them: flight number, airports, local times. */
export function changedFlights(slices: Slices): ChangedFlight[] {
  return slices.flatMap((slice) =>
    slice.segments.map((segment) => ({
      flight: `${segment.marketing_carrier?.iata_code ?? ''} ${segment.marketing_carrier_flight_number ?? ''}`.trim(),
      origin: segment.origin.iata_code ?? '',
      destination: segment.destination.iata_code ?? '',
      departingAt: segment.departing_at,
      arrivingAt: segment.arriving_at,
    })),
  );
}

/** When the changed trip's first flight leaves and its last one lands, as instants. */
export function tripTimesOfSlices(slices: Slices): { departsAt: string | null; arrivesAt: string | null } {
  const segments = slices.flatMap((slice) => slice.segments);
  const first = segments[0];
  const last = segments.at(-1);
  return {
    departsAt: instantOf(first?.departing_at, first?.origin.time_zone ?? undefined),
    arrivesAt: instantOf(last?.arriving_at, last?.destination.time_zone ?? undefined),
  };
}
