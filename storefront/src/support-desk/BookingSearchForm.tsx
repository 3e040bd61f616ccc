import {
  BOOKING_SEARCH_STATUSES,
  bookingSearchQuerySchema,
  type BookingSearchInput,
} from '@contrail/shared/support-desk/booking-search';
import Search from 'lucide-react/icons/search';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';

export const NO_FILTER = 'Enter a booking reference, a traveller or another filter';

export interface SearchFields {
  reference: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  brand: string;
  dateField: 'booked' | 'departure';
  from: string;
  to: string;
}

export const EMPTY_SEARCH: SearchFields = {
  reference: '',
  name: '',
  email: '',
  phone: '',
  status: '',
  brand: '',
  dateField: 'booked',
  from: '',
  to: '',
};

type Errors = Partial<Record<keyof SearchFields, string>>;

/** A day of the date inputs as the instant it starts or ends in the browser's zone. */
const dayInstant = (day: string, end: boolean) =>
  new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString();

/** The query the form asks for (each filter checked by the engine's own schema), or what is wrong with it. */
export function searchInput(fields: SearchFields): { input?: BookingSearchInput; errors: Errors } {
  const input: BookingSearchInput = { dateField: fields.dateField };
  for (const key of ['reference', 'name', 'email', 'phone', 'status', 'brand'] as const)
    if (fields[key].trim()) input[key] = fields[key].trim();
  if (fields.from) input.from = dayInstant(fields.from, false);
  if (fields.to) input.to = dayInstant(fields.to, true);
  const filters = Object.keys(input).filter((key) => key !== 'dateField');
  if (filters.length === 0) return { errors: { reference: NO_FILTER } };
  const checked = bookingSearchQuerySchema.safeParse(input);
  if (checked.success) return { input, errors: {} };
  const errors: Errors = {};
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? 'reference') as keyof SearchFields;
    errors[field] ??= issue.message;
  }
  return { errors };
}

const inputClass = (invalid: boolean) =>
  cn(
    'h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
    invalid ? 'border-destructive' : 'border-border',
  );

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The support workspace's search: a reference as printed, a traveller's surname (or full name),
 * email or phone (each matched whole), status, brand and a range of booking or departure days.
 */
export function BookingSearchForm({
  searching,
  onSearch,
  initial = EMPTY_SEARCH,
}: {
  searching: boolean;
  onSearch: (input: BookingSearchInput) => void;
  initial?: SearchFields;
}) {
  const [fields, setFields] = useState<SearchFields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const set = (key: keyof SearchFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));
  const described = (key: keyof SearchFields) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = searchInput(fields);
    setErrors(found);
    if (input) onSearch(input);
  };

  const text = (key: 'reference' | 'name' | 'email' | 'phone' | 'brand', label: string, extra: object = {}) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={set(key)}
        autoComplete="off"
        className={cn(inputClass(Boolean(errors[key])), key === 'reference' && 'font-mono')}
        {...described(key)}
        {...extra}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Search bookings" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {text('reference', 'Booking reference', { placeholder: 'e.g. ORD0000A', maxLength: 40 })}
        {text('name', 'Traveller surname or full name', { maxLength: 200 })}
        {text('email', 'Traveller email', { type: 'email', maxLength: 254 })}
        {text('phone', 'Traveller phone', { type: 'tel', placeholder: '+44 20 7946 0001', maxLength: 40 })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field id={`${id}-status`} label="Status" error={errors.status}>
          <select id={`${id}-status`} value={fields.status} onChange={set('status')} className={inputClass(false)}>
            <option value="">Any status</option>
            {BOOKING_SEARCH_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </Field>
        {text('brand', 'Brand key', { placeholder: 'All your brands', maxLength: 253 })}
        <Field id={`${id}-dateField`} label="Dates are" error={undefined}>
          <select
            id={`${id}-dateField`}
            value={fields.dateField}
            onChange={set('dateField')}
            className={inputClass(false)}
          >
            <option value="booked">Booking dates</option>
            <option value="departure">Departure dates</option>
          </select>
        </Field>
        <Field id={`${id}-from`} label="From" error={errors.from}>
          <input
            id={`${id}-from`}
            type="date"
            value={fields.from}
            onChange={set('from')}
            className={inputClass(Boolean(errors.from))}
            {...described('from')}
          />
        </Field>
        <Field id={`${id}-to`} label="To (whole day)" error={errors.to}>
          <input
            id={`${id}-to`}
            type="date"
            value={fields.to}
            onChange={set('to')}
            className={inputClass(Boolean(errors.to))}
            {...described('to')}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Names, emails and phones match whole (any case or accents); travellers show as initials.
        </p>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setFields(EMPTY_SEARCH);
              setErrors({});
            }}
          >
            Clear
          </Button>
          <Button type="submit" disabled={searching}>
            {searching ? <Spinner /> : <Search className="h-4 w-4" aria-hidden />} Find Booking
          </Button>
        </div>
      </div>
    </form>
  );
}
