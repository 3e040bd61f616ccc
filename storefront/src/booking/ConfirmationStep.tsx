import { bookingReference } from '@contrail/shared/booking/status';
import type { Passenger } from '@contrail/shared/booking/passenger';
import { PASSENGER_TYPE_LABELS } from '@contrail/shared/booking/passenger-fields';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClass, Button } from '../ui/button';
import { Card } from '../ui/card';
import { useToast } from '../ui/use-toast';
import { formatLongDate, formatPrice } from '@contrail/shared/results/format';
import { seatLines } from '@contrail/shared/booking/seats-shown';
import { bagLines, type BagShown } from '@contrail/shared/booking/bags-shown';
import { bagKindOf, type BagChoice } from '@contrail/shared/pricing/bags';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import type { BookedTrip } from './PaymentStep';
import { useCurrentUserQuery } from '../account/authApi';
import { AddToCalendar } from '../ui/AddToCalendar';
import { lazyPage } from '../app/lazy-page';
import type { SeatChoice } from './seats';

const ShareTrip = lazyPage(() => import('../ui/ShareTrip'), 'ShareTrip');

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-border py-2 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}

function passengerCounts(passengers: Passenger[]): string {
  const counts = new Map<string, number>();
  for (const passenger of passengers) counts.set(passenger.type, (counts.get(passenger.type) ?? 0) + 1);
  return [...counts]
    .map(([type, count]) => `${count} × ${PASSENGER_TYPE_LABELS[type as Passenger['type']]}`)
    .join(', ');
}

function Credential({ label, value }: { label: string; value: string }) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied', description: `${label} copied to the clipboard` });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Please select the text and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    // min-w-0: a long password truncates inside the panel instead of widening it (issue 33, phones).
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-md bg-background px-3 py-2">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="truncate font-mono font-semibold">{value}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        onClick={() => void copy()}
        aria-label={`Copy ${label.toLowerCase()}`}
      >
        <Copy className="h-4 w-4" aria-hidden /> Copy
      </Button>
    </div>
  );
}

/** The bag services ordered (issue 35), as the offer sells them. */
function bagsBought(choices: readonly BagChoice[], offer: FlightOffer | undefined): BagShown[] {
  return choices.flatMap((choice) => {
    const service = offer?.available_services?.find((each) => each.id === choice.serviceId);
    const kind = service ? bagKindOf(service) : null;
    if (!service || !kind) return [];
    const price = formatPrice(Number(service.total_amount) * choice.quantity, service.total_currency);
    return [
      { kind, quantity: choice.quantity, passengerIds: service.passenger_ids, segmentIds: service.segment_ids, price },
    ];
  });
}

/** Seed 001 §2 confirmation: what was booked and paid, and the new account's credentials if one was made. */
export function ConfirmationStep({
  trip,
  passengers,
  seats = [],
  bags = [],
  offer,
}: {
  trip: BookedTrip;
  passengers: Passenger[];
  seats?: SeatChoice[];
  bags?: BagChoice[];
  offer?: FlightOffer;
}) {
  const seatsShown = seatLines(
    seats,
    offer?.slices ?? [],
    passengers.map((passenger) => ({
      ...(passenger.id !== undefined && { id: passenger.id }),
      name: `${passenger.firstName} ${passenger.lastName}`.trim(),
    })),
  );
  const names = passengers.map((passenger) => ({
    ...(passenger.id !== undefined && { id: passenger.id }),
    name: `${passenger.firstName} ${passenger.lastName}`.trim(),
  }));
  const bagsShown = bagLines(bagsBought(bags, offer), offer?.slices ?? [], names);
  const { response } = trip;
  const signedIn = Boolean(useCurrentUserQuery().data);
  const primary = passengers[0];
  const account = response.accountCreated ? response.accountInfo : undefined;
  return (
    <Card className="grid grid-cols-1 gap-5 p-4 sm:p-6">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 className="h-12 w-12 text-[#2f7a0e]" aria-hidden />
        <h2 className="text-2xl font-bold">Booking Confirmed</h2>
        <p className="text-muted-foreground">Your flight is booked. A confirmation email is on its way.</p>
      </div>
      {/* The password is shown once: it comes first, above the fold on phones too. */}
      {account && (
        <section
          aria-label="Your new account"
          className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4"
        >
          <h3 className="flex items-center gap-2 font-bold">
            <KeyRound className="h-4 w-4" aria-hidden /> Your account was created
          </h3>
          <p className="text-sm">
            Keep these details: the password is shown only once. You are signed in and can see this trip under My Trips.
          </p>
          <Credential label="Username" value={account.username} />
          <Credential label="Password" value={account.password} />
        </section>
      )}
      <dl className="text-sm">
        <Fact label="Booking reference" value={bookingReference(response.duffelBookingId)} />
        <Fact label="Booking ID" value={response.id} />
        <Fact label="Booking date" value={formatLongDate(trip.bookedAt)} />
        <Fact label="Card" value={`**** **** **** ${trip.cardLastFour}`} />
        <Fact label="Total paid" value={formatPrice(trip.total, trip.currency)} />
        <Fact label="Primary passenger" value={primary ? `${primary.firstName} ${primary.lastName}` : 'N/A'} />
        <Fact label="Email" value={primary?.email ?? 'N/A'} />
        <Fact label="Phone" value={primary?.phone ?? 'N/A'} />
        <Fact label="Passengers" value={passengerCounts(passengers)} />
        {seatsShown.map((line) => (
          <Fact
            key={`${line.flight}-${line.passenger}`}
            label={`Seat, ${line.flight}`}
            value={`${line.designator} · ${line.passenger}`}
          />
        ))}
        {bagsShown.map((line) => (
          <Fact
            key={`${line.flight}-${line.passengers}-${line.bags}`}
            label={`Bags, ${line.flight}`}
            value={`${line.bags} · ${line.passengers}${line.price ? ` · ${line.price}` : ''}`}
          />
        ))}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/my-trips" className={buttonClass('primary', 'lg')}>
          View My Trips
        </Link>
        <Link to="/" className={buttonClass('outline', 'lg')}>
          Book Another Flight
        </Link>
        {signedIn && <AddToCalendar bookingId={response.id} size="lg" />}
      </div>
      {signedIn && response.status === 'confirmed' && (
        <Suspense fallback={null}>
          <ShareTrip bookingId={response.id} />
        </Suspense>
      )}
    </Card>
  );
}
