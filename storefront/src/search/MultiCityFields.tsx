import { MAX_MULTI_CITY_SLICES, MIN_MULTI_CITY_SLICES } from '@contrail/shared/flights/search-slices';
import { formatDatePattern } from '@contrail/shared/results/date-pattern';
import type { CabinClass } from '@contrail/shared/search/cabin';
import {
  hasRowProblems,
  multiCityRowProblems,
  startingRows,
  withRowAdded,
  withRowChanged,
  withRowRemoved,
  type MultiCityRow,
} from '@contrail/shared/search/multi-city-rows';
import { PASSENGER_RULES, passengerCountProblems } from '@contrail/shared/search/passengers';
import { homeSearchUrl } from '@contrail/shared/search/search-params';
import { lastSellableDate } from '@contrail/shared/search/sellable-dates';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, buttonClass } from '../ui/button';
import { AirportPicker } from './AirportPicker';
import { CabinPopover } from './CabinPopover';
import { DateField, parseStoredDate, STORED_DATE } from './DateField';
import { PassengersPopover } from './PassengersPopover';
import type { SearchFormFields } from './search-form-fields';

interface MultiCityFieldsProps {
  form: SearchFormFields;
  /** Set to what the form's Search button does on this tab. */
  submitRef: RefObject<(() => void) | null>;
  onSearch: (url: string) => void;
}

/** The rows the tab starts with: a search being modified, else the route typed on the other tabs. */
function initialRows(form: SearchFormFields): MultiCityRow[] {
  const slices = form.getValues('slices');
  if (slices && slices.length >= MIN_MULTI_CITY_SLICES) return slices.map((slice) => ({ ...slice }));
  const [origin, destination, departureDate] = form.getValues(['origin', 'destination', 'departureDate']);
  return startingRows({ origin, destination, departureDate });
}

/**
 * The Multi-city tab (issue 34), loaded when the tab is chosen: two to four flights, each its own
 * From, To and Date, dates in order; passengers and cabin as on the other tabs.
 */
export default function MultiCityFields({ form, submitRef, onSearch }: MultiCityFieldsProps) {
  const today = new Date();
  const lastOnSale = parseStoredDate(lastSellableDate(formatDatePattern(today, STORED_DATE))) ?? today;
  const [rows, setRows] = useState(() => initialRows(form));
  const [checked, setChecked] = useState(false);
  // Each request is a new object, so that asking twice for the same row focuses it twice.
  const [focusRequest, setFocusRequest] = useState<{ row: number } | null>(null);
  // Counts refused searches: after each, the first field with a message takes the focus.
  const [focusInvalid, setFocusInvalid] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const problems = checked ? multiCityRowProblems(rows) : [];
  const [adults, children, infants, cabin] = form.watch(['adultsCount', 'childrenCount', 'infantsCount', 'cabinClass']);
  const counts = { adults: adults ?? 1, children: children ?? 0, infants: infants ?? 0 };
  const passengerProblem = checked ? passengerCountProblems(counts)[0] : undefined;

  useEffect(() => {
    submitRef.current = () => {
      setChecked(true);
      const found = multiCityRowProblems(rows);
      if (hasRowProblems(found) || passengerCountProblems(counts).length > 0) {
        setFocusInvalid((times) => times + 1);
        return;
      }
      const values = form.getValues();
      const url = homeSearchUrl({
        tripType: 'multi-city',
        origin: rows[0]!.origin,
        destination: rows.at(-1)!.destination,
        departureDate: rows[0]!.departureDate,
        slices: rows,
        adultsCount: counts.adults,
        childrenCount: counts.children,
        infantsCount: counts.infants,
        cabinClass: values.cabinClass ?? 'economy',
      });
      onSearch(url);
    };
    return () => {
      submitRef.current = null;
    };
  });

  // A flight added takes the focus on its first field; one removed hands it to "Add flight".
  useEffect(() => {
    if (focusRequest === null) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-flight="${focusRequest.row}"] input`);
    (row ?? addButton.current)?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (focusInvalid > 0) list.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const change = (index: number, field: keyof MultiCityRow, value: string) =>
    setRows((current) => withRowChanged(current, index, field, value));

  return (
    <div className="grid gap-4">
      <div ref={list} className="grid gap-4">
        {rows.map((row, index) => (
          <fieldset
            key={index}
            data-flight={index}
            className="grid gap-3 rounded-lg border border-border p-3 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start"
          >
            <legend className="px-1 text-sm font-semibold">Flight {index + 1}</legend>
            <AirportPicker
              label="From"
              placeholder="City or airport"
              value={row.origin}
              onChange={(code) => change(index, 'origin', code)}
              error={problems[index]?.origin}
            />
            <AirportPicker
              label="To"
              placeholder="City or airport"
              value={row.destination}
              onChange={(code) => change(index, 'destination', code)}
              error={problems[index]?.destination}
            />
            <DateField
              label="Date"
              value={row.departureDate}
              onChange={(value) => change(index, 'departureDate', value)}
              minDate={parseStoredDate(rows[index - 1]?.departureDate ?? '') ?? today}
              maxDate={lastOnSale}
              error={problems[index]?.departureDate}
            />
            {rows.length > MIN_MULTI_CITY_SLICES ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-end md:mt-6 md:h-12"
                aria-label={`Remove flight ${index + 1}`}
                onClick={() => {
                  setRows((current) => withRowRemoved(current, index));
                  setFocusRequest({ row: -1 });
                }}
              >
                <X className="h-4 w-4" aria-hidden />
                <span className="md:sr-only">Remove</span>
              </Button>
            ) : (
              <span className="hidden md:block md:w-9" aria-hidden />
            )}
          </fieldset>
        ))}
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
        {rows.length < MAX_MULTI_CITY_SLICES && (
          <button
            ref={addButton}
            type="button"
            className={buttonClass('outline', 'md', 'sm:mt-6')}
            onClick={() => {
              setRows((current) => withRowAdded(current));
              setFocusRequest({ row: rows.length });
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add flight
          </button>
        )}
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          <PassengersPopover
            value={counts}
            onChange={(next) => {
              form.setValue('adultsCount', next.adults);
              form.setValue('childrenCount', next.children);
              form.setValue('infantsCount', next.infants);
            }}
            error={passengerProblem ? PASSENGER_RULES[passengerProblem] : undefined}
          />
          <CabinPopover
            value={(cabin ?? 'economy') as CabinClass}
            onChange={(value) => form.setValue('cabinClass', value)}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {rows.length} of {MAX_MULTI_CITY_SLICES} flights
      </p>
    </div>
  );
}
