import { bookingLookupSchema, type BookingLookupForm } from '@contrail/shared/content/forms';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import { errorMessage } from '../app/api-error';
import { TextField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { BookingReferenceField } from './BookingReferenceField';
import { useLazyLookupBookingQuery } from './supportApi';

const INITIAL: BookingLookupForm = { reference: '', email: '' };

const STATUS_TEXT: Record<string, string> = {
  confirmed: 'Confirmed: your tickets are issued.',
  pending: 'Pending: the airline has not confirmed the booking yet.',
  completed: 'Completed: this trip has been flown.',
  cancelled: 'Cancelled: this booking has been cancelled.',
};

/** Support → My Bookings: a booking's status by reference and email, without signing in. */
export function BookingLookup() {
  const form = useZodForm(bookingLookupSchema, INITIAL);
  const [lookup, { data, error, isFetching, isSuccess, isError, originalArgs }] = useLazyLookupBookingQuery();
  const submit = form.handleSubmit((input) => void lookup(input));

  return (
    <div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        aria-label="Find a booking"
      >
        <BookingReferenceField placeholder="e.g. K7QX2M" {...form.field('reference')} />
        <TextField label="Email used to book" type="email" autoComplete="email" {...form.field('email')} />
        <Button type="submit" size="lg" disabled={isFetching} className="h-11 sm:mt-[1.625rem]">
          {isFetching && <Spinner className="h-4 w-4" />}
          Retrieve Booking
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {!isFetching && isSuccess && data && (
          <div role="status" className="rounded-xl border border-border bg-subtle p-4">
            <p className="text-sm text-muted-foreground">Booking {data.reference}</p>
            <p className="mt-1 text-lg font-semibold capitalize">{data.status}</p>
            <p className="text-sm">{STATUS_TEXT[data.status]}</p>
            <p className="mt-2 text-xs text-muted-foreground">
              Sign in and open My Trips to see the flights, passengers and cancellation options.
            </p>
          </div>
        )}
        {!isFetching && isError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-destructive-text p-4 text-sm text-destructive-text"
          >
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              We could not retrieve booking {originalArgs?.reference}: {errorMessage(error)}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
