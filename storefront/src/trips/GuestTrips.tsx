import { formatDate } from '@contrail/shared/results/format';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Plane from 'lucide-react/icons/plane';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/toast-store';
import { tripRoute, type Trip } from './trip-view';
import { useConfirmGuestTripMutation, useGuestTripsQuery } from './tripsApi';

export const GUEST_TRIPS_HEADING = 'Bookings made with your email';
export const GUEST_TRIPS_INTRO =
  'These bookings were made with your email address by someone who was not signed in. Add the ones you made to My Trips.';

function GuestTrip({ trip }: { trip: Trip }) {
  const [confirm, { isLoading }] = useConfirmGuestTripMutation();
  const departs = trip.data.slices[0]?.departure_time;
  const add = async () => {
    const result = await confirm(trip.id);
    if ('error' in result) {
      toast({
        title: 'Could not add the booking',
        description: errorMessage(result.error, 'Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Added to My Trips', description: `Booking ${trip.reference} is now with your other trips.` });
  };
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-bold">
          <Plane className="h-4 w-4" aria-hidden /> {tripRoute(trip)}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>
            Ref <span className="font-mono font-semibold text-foreground">{trip.reference}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-4 w-4" aria-hidden /> {departs ? formatDate(departs) : 'N/A'}
          </span>
        </p>
      </div>
      <Button onClick={add} disabled={isLoading} aria-label={`Add booking ${trip.reference} to My Trips`}>
        {isLoading ? 'Adding...' : 'Add to My Trips'}
      </Button>
    </li>
  );
}

/** Guest bookings made with the signed-in traveller's email (issue #16): listed apart until they confirm each one. */
export function GuestTrips() {
  const guest = useGuestTripsQuery(undefined, { refetchOnMountOrArgChange: true });
  const trips = guest.data ?? [];
  if (trips.length === 0) return null;
  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby="guest-trips-heading">
      <h2 id="guest-trips-heading" className="text-lg font-bold">
        {GUEST_TRIPS_HEADING}
      </h2>
      <p className="text-sm text-muted-foreground">{GUEST_TRIPS_INTRO}</p>
      <ul className="grid gap-2">
        {trips.map((trip) => (
          <GuestTrip key={trip.id} trip={trip} />
        ))}
      </ul>
    </Card>
  );
}
