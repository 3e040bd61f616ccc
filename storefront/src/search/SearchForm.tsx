import { DEFAULT_CABIN_CLASS, type CabinClass } from '@contrail/shared/search/cabin';
import type { SearchForm as SearchFormValues, SearchFormInput, TripType } from '@contrail/shared/search/search-form';
import { homeSearchUrl } from '@contrail/shared/search/search-params';
import { FLEXIBLE_DATES_PARAM } from '@contrail/shared/search/flexible-dates';
import { NEARBY_AIRPORTS_LABEL } from '@contrail/shared/search/nearby-option';
import { lastSellableDate } from '@contrail/shared/search/sellable-dates';
import { formatDatePattern } from '@contrail/shared/results/date-pattern';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Search from 'lucide-react/icons/search';
import { lazy, Suspense, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { AirportPicker } from './AirportPicker';
import { CabinPopover } from './CabinPopover';
import { DateField, parseStoredDate, STORED_DATE } from './DateField';
import { PassengersPopover } from './PassengersPopover';
import { TripTypeTabs } from './TripTypeTabs';
import type { SearchFormFields } from './search-form-fields';

type Form = SearchFormFields;

/** The shared rules, with zod, load on the first check: the home page shows its form without them. */
const loadSchema = async () => (await import('@contrail/shared/search/search-form')).searchFormSchema;

const TRIP_TABS: ReadonlyArray<[TripType, string]> = [
  ['round-trip', 'Round Trip'],
  ['one-way', 'One Way'],
  ['multi-city', 'Multi-city'],
];

/** The Multi-city rows load when their tab is chosen: the first pages stay within their budget (issue 34). */
const MultiCityFields = lazy(() => import('./MultiCityFields'));

function LoadingFlights() {
  return (
    <div role="status" className="flex h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner className="h-5 w-5" />
      Loading flights...
    </div>
  );
}

const EMPTY: SearchFormInput = {
  tripType: 'round-trip',
  origin: '',
  destination: '',
  departureDate: '',
  returnDate: '',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  cabinClass: DEFAULT_CABIN_CLASS,
  nearbyAirports: false,
};

/** The search a results page hands back with Modify Search (router state), to start from. */
export interface ModifySearchState {
  search: SearchFormValues;
}

function startingValues(state: unknown): SearchFormInput {
  const search = (state as Partial<ModifySearchState> | null)?.search;
  return search ? { ...EMPTY, ...search, returnDate: search.returnDate ?? '' } : EMPTY;
}

function Fields({ form, tripType }: { form: Form; tripType: TripType }) {
  const today = new Date();
  const lastOnSale = parseStoredDate(lastSellableDate(formatDatePattern(today, STORED_DATE))) ?? today;
  const { control } = form;
  const origin = useController({ control, name: 'origin' });
  const destination = useController({ control, name: 'destination' });
  // A new departure re-checks the return date (it may now be before departure).
  const departure = useController({ control, name: 'departureDate', rules: { deps: ['returnDate'] } });
  const back = useController({ control, name: 'returnDate' });
  const cabin = useController({ control, name: 'cabinClass' });
  const [adults, children, infants] = form.watch(['adultsCount', 'childrenCount', 'infantsCount']);
  const returnDate = back.field.value ?? '';

  /** A controlled picker's value, change handler and message. */
  const bind = ({ field, fieldState }: Pick<typeof origin | typeof destination, 'field' | 'fieldState'>) => ({
    value: field.value,
    onChange: field.onChange,
    error: fieldState.error?.message,
  });

  const swap = () => {
    form.setValue('origin', destination.field.value, { shouldValidate: form.formState.isSubmitted });
    form.setValue('destination', origin.field.value, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-[1fr_auto_1fr] md:items-start">
        <AirportPicker label="From" placeholder="City or airport" {...bind(origin)} />
        <button
          type="button"
          onClick={swap}
          aria-label="Swap origin and destination"
          className="hidden h-10 w-10 items-center justify-center self-center rounded-full border border-border bg-background hover:bg-subtle focus-visible:outline-2 focus-visible:outline-primary md:mt-6 md:flex"
        >
          <ArrowLeftRight className="h-4 w-4" aria-hidden />
        </button>
        <AirportPicker label="To" placeholder="City or airport" {...bind(destination)} />
      </div>
      <div className={cn('grid gap-4 sm:grid-cols-2', tripType === 'round-trip' ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
        <DateField
          label="Departure"
          value={departure.field.value}
          onChange={(value) => {
            departure.field.onChange(value);
            if (returnDate && returnDate < value) form.setValue('returnDate', '');
          }}
          minDate={today}
          maxDate={lastOnSale}
          error={departure.fieldState.error?.message}
        />
        {tripType === 'round-trip' && (
          <DateField
            label="Return"
            value={returnDate}
            onChange={back.field.onChange}
            minDate={parseStoredDate(departure.field.value) ?? today}
            maxDate={lastOnSale}
            error={back.fieldState.error?.message}
          />
        )}
        <PassengersPopover
          value={{ adults: adults ?? 1, children: children ?? 0, infants: infants ?? 0 }}
          onChange={(counts) => {
            const check = { shouldValidate: form.formState.isSubmitted };
            form.setValue('adultsCount', counts.adults, check);
            form.setValue('childrenCount', counts.children, check);
            form.setValue('infantsCount', counts.infants, check);
          }}
          error={form.errorOf('adultsCount') ?? form.errorOf('infantsCount')}
        />
        <CabinPopover value={cabin.field.value as CabinClass} onChange={cabin.field.onChange} />
      </div>
    </div>
  );
}

/**
 * Seed 000 §2 search form: validates with the shared schema (a round trip needs its return date),
 * then navigates to /search. Modify Search on the results page opens it filled with that search.
 */
export function SearchForm({ onSearch }: { onSearch?: (url: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useZodForm(loadSchema, startingValues(location.state));
  const [busy, setBusy] = useState(false);
  const [flexible, setFlexible] = useState(false);
  const tripType = form.watch('tripType') ?? 'round-trip';

  const go = (url: string) => {
    setBusy(true);
    if (onSearch) onSearch(url);
    else void navigate(url);
  };
  const submit = form.handleSubmit((search) =>
    go(`${homeSearchUrl(search)}${flexible ? `&${FLEXIBLE_DATES_PARAM}=1` : ''}`),
  );
  const multiCitySubmit = useRef<(() => void) | null>(null);
  const multiCity = tripType === 'multi-city';

  const fields = multiCity ? (
    <Suspense fallback={<LoadingFlights />}>
      <MultiCityFields form={form} submitRef={multiCitySubmit} onSearch={go} />
    </Suspense>
  ) : (
    <Fields form={form} tripType={tripType} />
  );
  return (
    <form
      onSubmit={(event) => {
        if (!multiCity) return void submit(event);
        event.preventDefault();
        multiCitySubmit.current?.();
      }}
      noValidate
      aria-label="Search flights"
      className="grid gap-5"
    >
      <TripTypeTabs
        value={tripType}
        tabs={TRIP_TABS}
        onChange={(value) => {
          form.setValue('tripType', value);
          // The return date is needed on one tab only: its message follows the tab once shown.
          if (form.formState.isSubmitted) void form.trigger('returnDate');
        }}
      >
        {fields}
      </TripTypeTabs>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
          {/* Flexible dates move one departure and one return: not a multi-city trip's. */}
          {!multiCity && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={flexible}
                onChange={(event) => setFlexible(event.target.checked)}
                className="h-4 w-4 accent-primary"
              />
              My dates are flexible (±3 days)
            </label>
          )}
          {/* Nearby airports widen one origin and one destination: not a multi-city trip's. */}
          {!multiCity && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...form.register('nearbyAirports')} className="h-4 w-4 accent-primary" />
              {NEARBY_AIRPORTS_LABEL}
            </label>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy} className="w-full md:w-auto md:px-10">
          {busy ? <Spinner /> : <Search className="h-5 w-5" aria-hidden />}
          {busy ? 'Searching Flights...' : 'Search Flights'}
        </Button>
      </div>
    </form>
  );
}
