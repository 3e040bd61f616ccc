import { SHARE_TEXT, type SharedTrip } from '@contrail/shared/booking/trip-share';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { formatDate, formatTime } from '@contrail/shared/results/format';
import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { DayOffset } from '../ui/DayOffset';
import { PageLoading } from '../app/PageLoading';
import { StatusBadge } from './StatusBadge';
import { useSharedTripQuery } from './shareApi';

/** The link's token, from the fragment: the browser never sends it to a server or in a Referer. */
function tokenOfPage(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, ''));
  } catch {
    // A mangled link ("#%E0%A4%A"): no token, the same page as any link not active.
    return '';
  }
}

function Inactive() {
  return (
    <Card className="w-full max-w-md p-6">
      <div className="flex items-center gap-2">
        <AlertCircle className="h-8 w-8 shrink-0 text-destructive-text" aria-hidden />
        <h1 className="text-2xl font-bold">{SHARE_TEXT.inactive}</h1>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{SHARE_TEXT.inactiveHelp}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        Go to the home page
      </Link>
    </Card>
  );
}

function Trip({ trip }: { trip: SharedTrip }) {
  return (
    <Card className="grid w-full max-w-2xl gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{SHARE_TEXT.pageTitle}</h1>
        <StatusBadge status={trip.status} />
      </div>
      <dl className="text-sm">
        <dt className="text-muted-foreground">Booking reference</dt>
        <dd className="font-mono text-lg font-semibold">{trip.reference ?? '—'}</dd>
      </dl>
      <section aria-label="Flights" className="grid gap-3">
        <h2 className="font-semibold">Flights</h2>
        {trip.slices.map((slice, index) => (
          <div key={slice.id} className="rounded-lg bg-subtle p-3 text-sm">
            <p className="font-semibold">
              {sliceLabel(trip.slices, index)}: {slice.origin.city_name} ({slice.origin.iata_code}) to{' '}
              {slice.destination.city_name} ({slice.destination.iata_code})
            </p>
            <p className="text-muted-foreground">{formatDate(slice.departure_time)}</p>
            <ul className="mt-1 grid gap-0.5">
              {slice.segments.map((segment) => (
                <li key={segment.id}>
                  {segment.flight_number} ({segment.operating_carrier.name}) · {segment.origin.name} (
                  {segment.origin.iata_code}) {formatTime(segment.departing_at)}
                  <DayOffset from={slice.departure_time} to={segment.departing_at} /> → {segment.destination.name} (
                  {segment.destination.iata_code}) {formatTime(segment.arriving_at)}
                  <DayOffset from={slice.departure_time} to={segment.arriving_at} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-label="Travellers" className="text-sm">
        <h2 className="font-semibold">Travellers</h2>
        {trip.passengers.length === 0 ? (
          <p className="text-muted-foreground">No names to show.</p>
        ) : (
          <ul className="mt-1 grid gap-0.5">
            {trip.passengers.map((passenger, index) => (
              <li key={index}>
                {passenger.given_name} {passenger.family_name}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** Issue 36: `/shared-trip#<token>`, a trip as its owner shared it, read only. */
export function SharedTripPage() {
  const token = tokenOfPage();
  const shared = useSharedTripQuery(token, { skip: token === '' });
  return (
    <div className="flex min-h-[60vh] w-full items-start justify-center px-4 py-10">
      {shared.isLoading ? (
        <PageLoading label="Loading the shared trip..." />
      ) : shared.data ? (
        <Trip trip={shared.data} />
      ) : (
        <Inactive />
      )}
    </div>
  );
}
