import { toMinorUnits } from '@contrail/shared/booking/money';
import { trackSearchRequestSchema, type TrackSearchRequest } from '@contrail/shared/price-tracking/tracked-search';
import { PRICE_TRACKING_MESSAGES } from '@contrail/shared/price-tracking/tracked-search-view';
import { DEFAULT_CURRENCY, formatDate } from '@contrail/shared/results/format';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { useTrackSearchMutation } from './priceTrackingApi';

type Errors = Partial<Record<'drop' | 'email', string>>;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

/** The alert asked for, as the engine reads it; the problems in the traveller's words otherwise. */
function requestOf(
  search: ResultsSearch,
  fields: { anyDay: boolean; dropKind: 'percent' | 'amount'; dropValue: string; email: string },
  signedIn: boolean,
): { request: TrackSearchRequest } | { errors: Errors } {
  const value = Number(fields.dropValue);
  const parsed = trackSearchRequestSchema.safeParse({
    origin: search.origin,
    destination: search.destination,
    when: fields.anyDay
      ? { kind: 'month', month: search.departureDate.slice(0, 7) }
      : { kind: 'date', departureDate: search.departureDate, returnDate: search.returnDate || undefined },
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
    drop:
      fields.dropKind === 'percent'
        ? { kind: 'percent', percent: value }
        : { kind: 'amount', amountMinor: toMinorUnits(value, DEFAULT_CURRENCY) },
    email: signedIn ? undefined : fields.email.trim() || undefined,
  });
  const errors: Errors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'email' ? 'email' : 'drop';
    errors[field] ??= issue.message;
  }
  if (!signedIn && !fields.email.trim()) errors.email = PRICE_TRACKING_MESSAGES.emailNeeded;
  return parsed.success && !errors.email ? { request: parsed.data } : { errors };
}

const radioClass = 'h-4 w-4 accent-[var(--primary)]';

/** Track this search's price (issue 34): the day or any day of its month, a drop by percentage or amount. */
export function TrackPricesForm({ search }: { search: ResultsSearch }) {
  const { data: user } = useCurrentUserQuery();
  const [track, { data: answer, error, isLoading }] = useTrackSearchMutation();
  const [anyDay, setAnyDay] = useState(false);
  const [dropKind, setDropKind] = useState<'percent' | 'amount'>('percent');
  const [dropValue, setDropValue] = useState('10');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const month = search.departureDate.slice(0, 7);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = requestOf(search, { anyDay, dropKind, dropValue, email }, Boolean(user));
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void track(checked.request);
  };

  if (answer) {
    return (
      <p role="status" className="rounded-lg border bg-background p-4 text-sm">
        {answer.status === 'active' ? (
          <>
            {PRICE_TRACKING_MESSAGES.tracking}. Your price alerts are in{' '}
            <Link to="/my-trips" className="font-medium text-primary-text underline">
              My Trips
            </Link>
            .
          </>
        ) : (
          PRICE_TRACKING_MESSAGES.confirmSent
        )}
      </p>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-lg border bg-background p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Track prices for {search.origin} to {search.destination}
      </h2>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Which departure</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            className={radioClass}
            checked={!anyDay}
            onChange={() => setAnyDay(false)}
          />
          Only {formatDate(search.departureDate)}
          {search.returnDate ? `, back ${formatDate(search.returnDate)}` : ''}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            className={radioClass}
            checked={anyDay}
            onChange={() => setAnyDay(true)}
          />
          Any day in {monthName(month)} (one way)
        </label>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Email me when the price drops by</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-drop`}
              className={radioClass}
              checked={dropKind === 'percent'}
              onChange={() => {
                setDropKind('percent');
                setDropValue('10');
              }}
            />
            A percentage
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-drop`}
              className={radioClass}
              checked={dropKind === 'amount'}
              onChange={() => {
                setDropKind('amount');
                setDropValue('25');
              }}
            />
            An amount
          </label>
        </div>
        <TextField
          label={dropKind === 'percent' ? 'Drop in percent' : `Drop in ${DEFAULT_CURRENCY}`}
          type="number"
          inputMode="decimal"
          min={1}
          value={dropValue}
          onChange={(event) => setDropValue(event.target.value)}
          error={errors.drop}
          wrapperClassName="max-w-48"
        />
      </fieldset>
      {!user && (
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          hint="We send a link to confirm first, and every email has a one-click unsubscribe."
          wrapperClassName="max-w-md"
        />
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errorMessage(error)}
        </p>
      )}
      <Button type="submit" disabled={isLoading} className="justify-self-start">
        {isLoading ? 'Saving…' : 'Track prices'}
      </Button>
    </form>
  );
}
