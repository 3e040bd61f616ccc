import { PENDING_REASON_TEXT, tripTabOf, type TripTab } from '@contrail/shared/booking/status';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Plane from 'lucide-react/icons/plane';
import Users from 'lucide-react/icons/users';
import * as Tabs from 'radix-ui/tabs';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { GuestTrips } from './GuestTrips';
import { ScheduleChangeNotices } from './ScheduleChangeNotices';
import { HeldTrip } from './HeldTrip';
import { findPurchaseBankCheck } from './purchase-bank-check';
import { StatusBadge } from './StatusBadge';
import { TripDetailsDialog } from './TripDetailsDialog';
import { tripRoute, tripType, type Trip } from './trip-view';
import { useMyTripsQuery } from './tripsApi';

const TABS: Array<{ value: TripTab; label: string; empty: string }> = [
  { value: 'upcoming', label: 'Upcoming', empty: "You don't have any upcoming trips." },
  { value: 'past', label: 'Past', empty: "You don't have any past trips." },
  { value: 'cancelled', label: 'Cancelled', empty: "You don't have any cancelled trips." },
];

/** A booking still pending (its order or payment is being settled) is looked at again this often until it settles. */
export const PENDING_REFRESH_MS = 5_000;

const tabClass = cn(
  'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold sm:flex-none sm:px-4',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:bg-primary-surface data-[state=active]:text-primary-foreground data-[state=inactive]:hover:bg-subtle',
);

function SignInPrompt() {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
      <h2 className="text-xl font-bold">Sign in to see your trips</h2>
      <p className="text-muted-foreground">Log in to view, manage and cancel your bookings.</p>
      <div className="flex gap-3">
        <Link to="/login" className={buttonClass('primary')}>
          Log In
        </Link>
        <Link to="/register" className={buttonClass('outline')}>
          Sign Up
        </Link>
      </div>
    </Card>
  );
}

function TripCard({ trip, onOpen }: { trip: Trip; onOpen: () => void }) {
  const [outbound, back] = trip.data.slices;
  const dates = [outbound?.departure_time, back?.departure_time].filter(Boolean).map((date) => formatDate(date));
  const count = trip.data.passengers.length;
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      role="article"
      aria-label={`Trip ${tripRoute(trip)}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
          <Plane className="h-4 w-4" aria-hidden /> {tripRoute(trip)}
          <StatusBadge
            status={trip.status}
            {...(trip.hold && { label: trip.hold.state === 'expired' ? 'expired' : 'held' })}
          />
        </p>
        <p className="text-sm text-muted-foreground">
          {tripType(trip)} · Ref <span className="font-mono font-semibold text-foreground">{trip.reference}</span>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-4 w-4" aria-hidden /> {dates.join(' – ') || 'N/A'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden /> {count} passenger{count === 1 ? '' : 's'}
          </span>
        </p>
        {trip.pendingReason && <p className="text-sm font-medium">{PENDING_REASON_TEXT[trip.pendingReason]}</p>}
        {trip.hold && <HeldTrip tripId={trip.id} hold={trip.hold} />}
      </div>
      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
        <p className="text-xl font-bold tabular-nums">
          {formatPrice(trip.data.total_amount, trip.data.total_currency)}
        </p>
        <Button variant="outline" onClick={onOpen}>
          View Details
        </Button>
      </div>
    </Card>
  );
}

/** The price alerts and their charts load after the trips (issue 34). */
const TrackedSearches = lazy(async () => ({
  default: (await import('../price-tracking/TrackedSearches')).TrackedSearches,
}));

/** /my-trips (seed 001 §2, §4): the signed-in traveller's bookings by tab, with details and cancellation. */
export function MyTripsPage() {
  const user = useCurrentUserQuery();
  const [settling, setSettling] = useState(false);
  const trips = useMyTripsQuery(undefined, {
    skip: !user.data,
    refetchOnMountOrArgChange: true,
    pollingInterval: settling ? PENDING_REFRESH_MS : 0,
  });
  // A held trip waits for the traveller, not for us: only one being held or paid is looked at again.
  const anyPending = trips.data?.some((trip) => trip.status === 'pending' && trip.hold?.state !== 'held') ?? false;
  if (anyPending !== settling) setSettling(anyPending);
  // Back from the bank's check of a purchase after booking: that trip's details open to finish it.
  const { search } = useLocation();
  const [open, setOpen] = useState<string | null>(() => findPurchaseBankCheck(search)?.tripId ?? null);

  let body;
  if (user.isLoading || (user.data && trips.isLoading)) body = <PageLoading label="Loading your trips..." />;
  else if (!user.data || trips.data === null) body = <SignInPrompt />;
  else if (trips.isError) {
    body = (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3">
        {errorMessage(trips.error, 'Unable to load your trips')}
      </p>
    );
  } else {
    const all = trips.data ?? [];
    body = (
      <>
        <ScheduleChangeNotices />
        <GuestTrips />
        <Tabs.Root defaultValue="upcoming" className="grid grid-cols-1 gap-4">
          <Tabs.List
            aria-label="Trips"
            className="flex gap-1 rounded-lg border border-border bg-background p-1 sm:self-start"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
                {tab.label}
                <span className="rounded-full bg-subtle px-2 py-0.5 text-xs text-foreground">
                  {all.filter((trip) => tripTabOf(trip.status) === tab.value).length}
                </span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => {
            const list = all.filter((trip) => tripTabOf(trip.status) === tab.value);
            return (
              <Tabs.Content key={tab.value} value={tab.value} className="grid gap-3 outline-none">
                {list.length === 0 ? (
                  <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
                    <p className="text-muted-foreground">{tab.empty}</p>
                    {tab.value === 'upcoming' && (
                      <Link to="/" className={buttonClass('primary')}>
                        Search Flights
                      </Link>
                    )}
                  </Card>
                ) : (
                  list.map((trip) => <TripCard key={trip.id} trip={trip} onOpen={() => setOpen(trip.id)} />)
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
        <Suspense fallback={null}>
          <TrackedSearches />
        </Suspense>
      </>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">My Trips</h1>
      {body}
      <TripDetailsDialog tripId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
