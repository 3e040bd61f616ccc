import type { FlightOffer } from '@contrail/shared/flights/offer';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import type { SeatMapElementView, SeatMapView } from '@contrail/shared/flights/seat-map';
import { errorMessage } from '../app/api-error';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { useSeatMapsQuery } from './flightApi';

export const SEAT_MAPS_MISSING =
  'Seat maps are not available for this flight. You will be able to select seats after booking.';
export const SEAT_SELECTION_LATER = 'Seat selection will be available during booking.';

function Seat({ element }: { element: SeatMapElementView }) {
  if (element.type === 'seat') {
    const free = element.available === true;
    const letter = element.designator?.replace(/^\d+/, '') ?? '';
    return (
      <span
        role="img"
        aria-label={`Seat ${element.designator ?? ''} ${free ? 'available' : 'taken'}`}
        title={`${element.designator ?? ''} ${free ? 'available' : 'taken'}`}
        className={cn(
          'flex h-7 w-7 items-center justify-center rounded-t-md rounded-b-sm border text-[10px] font-semibold',
          free
            ? 'border-primary-surface bg-primary/10 text-primary-text'
            : 'border-border bg-muted text-muted-foreground line-through',
        )}
      >
        {letter}
      </span>
    );
  }
  const label =
    element.type === 'exit_row' ? 'EXIT' : element.type === 'lavatory' ? 'WC' : element.type === 'galley' ? 'G' : '';
  return (
    <span
      aria-hidden
      className="flex h-7 w-7 items-center justify-center text-[9px] font-semibold text-muted-foreground"
    >
      {label}
    </span>
  );
}

function SegmentSeatMap({ map, title }: { map: SeatMapView; title: string }) {
  const seats = map.cabins
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.sections.flatMap((section) => section.elements)))
    .filter((element) => element.type === 'seat');
  const free = seats.filter((seat) => seat.available === true).length;
  return (
    <section className="rounded-lg border border-border p-4" aria-label={`Seat map, ${title}`}>
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">
        {free} of {seats.length} seats available
      </p>
      <div className="mt-3 flex flex-wrap gap-4 text-xs" aria-hidden>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded-sm border border-primary-surface bg-primary/10" /> Available
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded-sm border border-border bg-muted" /> Taken
        </span>
      </div>
      {/* Focusable so that the keyboard can scroll a map wider or taller than its box. */}
      <div
        tabIndex={0}
        role="group"
        aria-label={`Seats, ${title}`}
        className="mt-3 max-h-[28rem] overflow-auto rounded-md bg-subtle p-3 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {map.cabins.map((cabin, cabinIndex) => (
          <div key={cabinIndex} className="mx-auto w-max">
            <p className="mb-2 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {cabin.cabin_class.replace('_', ' ')}
            </p>
            {cabin.rows.map((row, rowIndex) => (
              <div key={rowIndex} className="flex items-center gap-1 py-0.5">
                <span className="w-6 text-right text-[10px] text-muted-foreground tabular-nums">
                  {row.number ?? ''}
                </span>
                {row.sections.map((section, sectionIndex) => (
                  <div key={sectionIndex} className="flex gap-1 [&:not(:last-child)]:mr-4">
                    {section.elements.map((element, elementIndex) => (
                      <Seat key={element.designator ?? elementIndex} element={element} />
                    ))}
                  </div>
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/** The Seat Maps tab: one readable map per flight of each slice, or the seed's messages. */
export function SeatMaps({ offer }: { offer: FlightOffer }) {
  const { data, error, isLoading } = useSeatMapsQuery(offer.id);
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading seat maps...
      </p>
    );
  }
  if (error || !data || data.length === 0) {
    return (
      <div className="grid gap-2">
        <p className="rounded-lg bg-subtle px-4 py-3">{SEAT_MAPS_MISSING}</p>
        {error && <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="rounded-lg bg-subtle px-4 py-3">{SEAT_SELECTION_LATER}</p>
      {offer.slices.map((slice, sliceIndex) => {
        const maps = data.filter((map) => map.slice_id === slice.id);
        if (maps.length === 0) return null;
        return (
          <section
            key={slice.id}
            className="grid grid-cols-1 gap-3"
            aria-label={`${sliceLabel(offer.slices, sliceIndex)} seat maps`}
          >
            <h2 className="text-lg font-bold">
              {sliceLabel(offer.slices, sliceIndex)}: {slice.origin?.iata_code} to {slice.destination?.iata_code}
            </h2>
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {maps.map((map) => {
                const segment = slice.segments.find((each) => each.id === map.segment_id);
                const title = segment
                  ? `${segment.origin?.iata_code} to ${segment.destination?.iata_code} · ${segment.flight_number}${segment.aircraft ? ` · ${segment.aircraft.name}` : ''}`
                  : 'Flight';
                return <SegmentSeatMap key={map.id} map={map} title={title} />;
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
