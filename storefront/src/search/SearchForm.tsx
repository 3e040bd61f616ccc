import { DEFAULT_CABIN_CLASS, type CabinClass } from '@contrail/shared/search/cabin';
import { DEFAULT_PASSENGERS, type PassengerCounts } from '@contrail/shared/search/passengers';
import {
  searchFormErrors,
  searchFormSchema,
  type SearchForm as SearchFormValues,
  type TripType,
} from '@contrail/shared/search/search-form';
import { homeSearchUrl } from '@contrail/shared/search/search-params';
import { ArrowLeftRight, Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { AirportPicker } from './AirportPicker';
import { CabinPopover } from './CabinPopover';
import { DateField, parseStoredDate } from './DateField';
import { PassengersPopover } from './PassengersPopover';

type Errors = Partial<Record<keyof SearchFormValues, string>>;

const tabClass = cn(
  'rounded-md px-4 py-2 text-sm font-semibold transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:bg-primary-surface data-[state=active]:text-primary-foreground data-[state=inactive]:text-foreground data-[state=inactive]:hover:bg-subtle',
);

/** Seed 000 §2 search form: validates with the shared schema, then navigates to /search. */
export function SearchForm({ onSearch }: { onSearch?: (url: string) => void }) {
  const navigate = useNavigate();
  const [tripType, setTripType] = useState<TripType>('round-trip');
  const [origin, setOrigin] = useState('');
  const [destination, setDestination] = useState('');
  const [departureDate, setDepartureDate] = useState('');
  const [returnDate, setReturnDate] = useState('');
  const [passengers, setPassengers] = useState<PassengerCounts>(DEFAULT_PASSENGERS);
  const [cabinClass, setCabinClass] = useState<CabinClass>(DEFAULT_CABIN_CLASS);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const today = new Date();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      tripType,
      origin,
      destination,
      departureDate,
      returnDate: tripType === 'round-trip' ? returnDate : undefined,
      adultsCount: passengers.adults,
      childrenCount: passengers.children,
      infantsCount: passengers.infants,
      cabinClass,
    };
    const found = searchFormErrors(input);
    setErrors(found ?? {});
    if (found) return;
    setBusy(true);
    const url = homeSearchUrl(searchFormSchema.parse(input));
    if (onSearch) onSearch(url);
    else void navigate(url);
  };

  const changeDeparture = (value: string) => {
    setDepartureDate(value);
    if (returnDate && returnDate < value) setReturnDate('');
  };

  const swap = () => {
    setOrigin(destination);
    setDestination(origin);
  };

  const fields = (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-[1fr_auto_1fr] md:items-start">
        <AirportPicker
          label="From"
          placeholder="City or airport"
          value={origin}
          onChange={setOrigin}
          error={errors.origin}
        />
        <button
          type="button"
          onClick={swap}
          aria-label="Swap origin and destination"
          className="hidden h-10 w-10 items-center justify-center self-center rounded-full border border-border bg-background hover:bg-subtle focus-visible:outline-2 focus-visible:outline-primary md:mt-6 md:flex"
        >
          <ArrowLeftRight className="h-4 w-4" aria-hidden />
        </button>
        <AirportPicker
          label="To"
          placeholder="City or airport"
          value={destination}
          onChange={setDestination}
          error={errors.destination}
        />
      </div>
      <div className={cn('grid gap-4 sm:grid-cols-2', tripType === 'round-trip' ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
        <DateField
          label="Departure"
          value={departureDate}
          onChange={changeDeparture}
          minDate={today}
          error={errors.departureDate}
        />
        {tripType === 'round-trip' && (
          <DateField
            label="Return"
            value={returnDate}
            onChange={setReturnDate}
            minDate={parseStoredDate(departureDate) ?? today}
            error={errors.returnDate}
          />
        )}
        <PassengersPopover value={passengers} onChange={setPassengers} />
        <CabinPopover value={cabinClass} onChange={setCabinClass} />
      </div>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Search flights" className="grid gap-5">
      <Tabs.Root value={tripType} onValueChange={(value) => setTripType(value as TripType)}>
        <Tabs.List aria-label="Trip type" className="inline-flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="round-trip" className={tabClass}>
            Round Trip
          </Tabs.Trigger>
          <Tabs.Trigger value="one-way" className={tabClass}>
            One Way
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="round-trip" tabIndex={-1} className="mt-5 outline-none">
          {fields}
        </Tabs.Content>
        <Tabs.Content value="one-way" tabIndex={-1} className="mt-5 outline-none">
          {fields}
        </Tabs.Content>
      </Tabs.Root>
      <Button type="submit" size="lg" disabled={busy} className="w-full md:w-auto md:justify-self-end md:px-10">
        {busy ? <Spinner /> : <Search className="h-5 w-5" aria-hidden />}
        {busy ? 'Searching Flights...' : 'Search Flights'}
      </Button>
    </form>
  );
}
