import type { FlightAirport, FlightOffer, FlightSegment, FlightSlice } from '@contrail/shared/flights/offer';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { formatDate, formatDuration, formatMinutes, formatTime } from '@contrail/shared/results/format';
import { sliceArrival, sliceDeparture, sliceDurationMinutes } from '@contrail/shared/results/offer-facts';
import { sliceLayovers } from '@contrail/shared/results/layovers';
import { segmentFlightNumber } from '@contrail/shared/flights/flight-labels';
import { stopsLabel } from '@contrail/shared/results/stops';
import Clock from 'lucide-react/icons/clock';
import Luggage from 'lucide-react/icons/luggage';
import Plane from 'lucide-react/icons/plane';
import { CarrierLogo } from '../ui/CarrierLogo';
import { DayOffset } from '../ui/DayOffset';

function airportLine(airport: FlightAirport | undefined, terminal: string | null) {
  if (!airport) return 'N/A';
  const where = `${airport.name} (${airport.iata_code})`;
  return terminal ? `${where}, Terminal ${terminal}` : where;
}

/** A segment; its times carry "+1" when they fall after the day its slice began (`sliceStart`). */
function Segment({ segment, sliceStart }: { segment: FlightSegment; sliceStart: string | undefined }) {
  const marketing = segment.marketing_carrier;
  const operating = segment.operating_carrier;
  const cabin = segment.passengers?.[0]?.cabin_class_marketing_name;
  const bags = (segment.passengers?.[0]?.baggages ?? []).filter((bag) => bag.quantity > 0);
  const flightNumber = segmentFlightNumber(segment);
  return (
    <div className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <CarrierLogo
          code={marketing?.iata_code ?? null}
          name={marketing?.name ?? 'Airline'}
          logoUrl={marketing?.logo_symbol_url ?? marketing?.logo_url ?? null}
        />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {marketing?.name ?? 'N/A'}{' '}
            <span className="font-normal whitespace-nowrap text-muted-foreground">
              · Flight {flightNumber || 'N/A'}
            </span>
          </p>
          <p className="text-sm text-muted-foreground">
            {segment.aircraft?.name ?? 'Aircraft not specified'}
            {cabin ? ` · ${cabin}` : ''}
            {operating && marketing && operating.iata_code !== marketing.iata_code
              ? ` · Operated by ${operating.name}`
              : ''}
          </p>
        </div>
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Clock className="h-4 w-4" aria-hidden />
          {formatDuration(segment.duration)}
        </p>
      </div>
      <ol className="mt-4 grid gap-3 border-l-2 border-primary/40 pl-4">
        <li>
          <p className="font-semibold tabular-nums">
            {formatTime(segment.departing_at)}
            <DayOffset from={sliceStart} to={segment.departing_at} />{' '}
            <span className="font-normal text-muted-foreground">{formatDate(segment.departing_at)}</span>
          </p>
          <p className="text-sm">Depart {airportLine(segment.origin, segment.origin_terminal)}</p>
        </li>
        <li>
          <p className="font-semibold tabular-nums">
            {formatTime(segment.arriving_at)}
            <DayOffset from={sliceStart} to={segment.arriving_at} />{' '}
            <span className="font-normal text-muted-foreground">{formatDate(segment.arriving_at)}</span>
          </p>
          <p className="text-sm">Arrive {airportLine(segment.destination, segment.destination_terminal)}</p>
        </li>
      </ol>
      {bags.length > 0 && (
        <p className="mt-3 inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Luggage className="h-4 w-4" aria-hidden />
          {bags
            .map(
              (bag) =>
                `${bag.quantity} ${bag.type === 'checked' ? 'checked' : 'carry-on'} bag${bag.quantity === 1 ? '' : 's'}`,
            )
            .join(', ')}{' '}
          included
        </p>
      )}
    </div>
  );
}

function Slice({ slice, label }: { slice: FlightSlice; label: string }) {
  const layovers = sliceLayovers(slice);
  const duration = slice.duration ? formatDuration(slice.duration) : formatMinutes(sliceDurationMinutes(slice));
  return (
    // "Outbound flight", but "Flight 2" rather than "Flight 2 flight" (multi-city, issue 34).
    <section aria-label={label.startsWith('Flight ') ? label : `${label} flight`} className="grid gap-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Plane className="h-5 w-5 text-primary-text" aria-hidden />
          {label}: {slice.origin?.city_name ?? slice.origin?.iata_code} to{' '}
          {slice.destination?.city_name ?? slice.destination?.iata_code}
        </h2>
        <p className="text-sm text-muted-foreground">
          {formatDate(sliceDeparture(slice))} · {formatTime(sliceDeparture(slice))}–{formatTime(sliceArrival(slice))}
          <DayOffset from={sliceDeparture(slice)} to={sliceArrival(slice)} /> · {duration} ·{' '}
          {stopsLabel(slice.segments.length)}
        </p>
      </header>
      <ol className="grid gap-3">
        {slice.segments.map((segment, index) => {
          const layover = layovers[index];
          return (
            <li key={segment.id ?? index} className="grid gap-3">
              <Segment segment={segment} sliceStart={sliceDeparture(slice)} />
              {layover && (
                <p className="rounded-md bg-subtle px-4 py-2 text-sm">
                  Layover in {layover.airport.city_name || layover.airport.name} ({layover.airport.iata_code}) ·{' '}
                  {formatMinutes(layover.minutes)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The Flight Details tab: every slice and segment, with layovers between segments. */
export function FlightItinerary({ offer }: { offer: FlightOffer }) {
  return (
    <div className="grid grid-cols-1 gap-8">
      {offer.slices.map((slice, index) => (
        <Slice key={slice.id ?? index} slice={slice} label={sliceLabel(offer.slices, index)} />
      ))}
    </div>
  );
}
