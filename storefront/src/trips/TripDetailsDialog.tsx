import { airlineFeeText } from '@contrail/shared/booking/airline-fee';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { segmentFlightNumber } from '@contrail/shared/flights/flight-labels';
import { formatDate, formatDuration, formatPrice, formatTime } from '@contrail/shared/results/format';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import * as Dialog from 'radix-ui/dialog';
import { Suspense } from 'react';
import { DayOffset } from '../ui/DayOffset';
import { Spinner } from '../ui/spinner';
import { StatusBadge } from './StatusBadge';
import { canCancelTrip, type Trip } from './trip-view';
import { CancelWithQuote } from './CancelWithQuote';
import { TripBags, TripRefund, TripSeats } from './TripAfterSale';
import { AddToCalendar } from '../ui/AddToCalendar';
import { lazyPage } from '../app/lazy-page';

const TripChanges = lazyPage(() => import('./after-sale/TripChanges'), 'TripChanges');
const ShareTrip = lazyPage(() => import('../ui/ShareTrip'), 'ShareTrip');
import { useTripQuery } from './tripsApi';

function Flights({ trip }: { trip: Trip }) {
  return (
    <section aria-label="Flights" className="grid gap-3">
      <h3 className="font-semibold">Flights</h3>
      {trip.data.slices.map((slice, index) => (
        <div key={index} className="rounded-lg bg-subtle p-3 text-sm">
          <p className="font-semibold">
            {sliceLabel(trip.data.slices, index)}: {slice.origin?.city_name ?? slice.origin?.iata_code} (
            {slice.origin?.iata_code}) to {slice.destination?.city_name ?? slice.destination?.iata_code} (
            {slice.destination?.iata_code})
          </p>
          <p className="text-muted-foreground">
            {formatDate(slice.departure_time)} · {formatTime(slice.departure_time)} – {formatTime(slice.arrival_time)}
            <DayOffset from={slice.departure_time} to={slice.arrival_time} />
            {slice.duration ? ` · ${formatDuration(slice.duration)}` : ''}
          </p>
          <ul className="mt-1 grid gap-0.5">
            {(slice.segments ?? []).map((segment, at) => (
              <li key={segment.id ?? at}>
                {segmentFlightNumber(segment)}{' '}
                {segment.operating_carrier?.name ? `(${segment.operating_carrier.name})` : ''}{' '}
                {segment.origin?.iata_code} {formatTime(segment.departing_at)}
                <DayOffset from={slice.departure_time} to={segment.departing_at} /> → {segment.destination?.iata_code}{' '}
                {formatTime(segment.arriving_at)}
                <DayOffset from={slice.departure_time} to={segment.arriving_at} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Cancellation({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const options = trip.data.conditions.cancellation_options;
  if (!canCancelTrip(trip)) {
    if (trip.status === 'cancelled')
      return trip.data.refund ? (
        <TripRefund trip={trip} />
      ) : (
        <p className="text-sm text-muted-foreground">This booking was cancelled.</p>
      );
    return (
      <div
        role="note"
        className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 px-4 py-3 text-sm"
      >
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">Non-Refundable Ticket</p>
          <p>This ticket cannot be cancelled online. Please contact support for help with changes.</p>
        </div>
      </div>
    );
  }
  return (
    <section aria-label="Cancellation" className="grid gap-2 text-sm">
      <h3 className="font-semibold">Cancellation</h3>
      <ul className="text-muted-foreground">
        {options.map((option, index) => {
          const fee = airlineFeeText(option, trip.data.total_currency ?? 'USD');
          return (
            <li key={index}>
              Refundable before departure
              {fee ? `, the airline's cancellation fee ${fee}` : ', no cancellation fee'}
            </li>
          );
        })}
      </ul>
      <CancelWithQuote trip={trip} onDone={onDone} />
    </section>
  );
}

/** Seed 001 §2: reference, status, flights, passengers and cancellation info of one booking. */
export function TripDetailsDialog({ tripId, onClose }: { tripId: string | null; onClose: () => void }) {
  const query = useTripQuery(tripId ?? '', { skip: !tripId, refetchOnMountOrArgChange: true });
  const trip = query.data;
  return (
    <Dialog.Root open={tripId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-5 text-foreground shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">Booking Details</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 hover:bg-subtle">
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Your booking, its flights, passengers and cancellation options.
          </Dialog.Description>
          {query.isFetching && !trip && (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Spinner /> Loading booking details...
            </p>
          )}
          {query.isError && (
            <p role="alert" className="text-sm font-medium text-destructive-text">
              Unable to load booking details
            </p>
          )}
          {trip && (
            <>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">Booking reference</dt>
                  <dd className="font-mono text-base font-bold">{trip.reference}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Status</dt>
                  <dd>
                    <StatusBadge status={trip.status} />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Total</dt>
                  <dd className="font-semibold">{formatPrice(trip.data.total_amount, trip.data.total_currency)}</dd>
                </div>
                {trip.createdAt && (
                  <div>
                    <dt className="text-muted-foreground">Booked on</dt>
                    <dd>{formatDate(trip.createdAt)}</dd>
                  </div>
                )}
              </dl>
              <Flights trip={trip} />
              <section aria-label="Passengers" className="text-sm">
                <h3 className="font-semibold">Passengers</h3>
                <ul className="mt-1 grid gap-0.5">
                  {trip.data.passengers.map((passenger, index) => (
                    <li key={passenger.id ?? index}>
                      {passenger.given_name} {passenger.family_name}
                      {passenger.type ? (
                        <span className="text-muted-foreground"> · {passenger.type.replace(/_/g, ' ')}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
              <TripSeats trip={trip} />
              <TripBags trip={trip} />
              {(trip.status === 'confirmed' || trip.status === 'completed') && (
                <div>
                  <AddToCalendar bookingId={trip.id} />
                </div>
              )}
              {(trip.status === 'confirmed' || trip.status === 'completed') && (
                <Suspense fallback={null}>
                  <ShareTrip bookingId={trip.id} />
                </Suspense>
              )}
              <Suspense fallback={null}>
                <TripChanges trip={trip} />
              </Suspense>
              <Cancellation trip={trip} onDone={onClose} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
