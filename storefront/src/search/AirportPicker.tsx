import { airportLabel, searchAirports, AIRPORT_QUERY_MIN_LENGTH } from '@contrail/shared/search/airport-search';
import type { Airport } from '@contrail/shared/reference/airport';
import { withCities } from '@contrail/shared/search/city-options';
import MapPin from 'lucide-react/icons/map-pin';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { IconInput } from '../forms/fields';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { useAirports } from './use-airports';

const dropdownClass =
  'absolute z-30 mt-1 max-h-80 w-full min-w-72 overflow-y-auto rounded-lg border border-border bg-background shadow-lg';

function noticeFor(
  status: ReturnType<typeof useAirports>['status'],
  found: number,
  text: string,
): { text: string; className: string } | null {
  if (status === 'loading') return { text: 'Loading airports...', className: 'text-muted-foreground' };
  if (status === 'error')
    return { text: 'Error loading airports. Please try again.', className: 'text-destructive-text' };
  if (found === 0) return { text: `No airports found for "${text.trim()}"`, className: 'text-muted-foreground' };
  return null;
}

interface AirportPickerProps {
  label: string;
  placeholder: string;
  /** The chosen IATA code, or '' when none. */
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}

/**
 * Seed 000 §2/§5 airport picker: a combobox that searches the bundled list locally from 2
 * characters, closes on selection or a click outside, and stores the IATA code.
 */
export function AirportPicker({ label, placeholder, value, onChange, error }: AirportPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const rootRef = useRef<HTMLDivElement>(null);
  // What the traveller is typing; null shows the chosen airport instead.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The list loads when the visitor heads for the field, or at once for a chosen airport's name.
  const [wanted, setWanted] = useState(false);
  const airports = useAirports(wanted || value !== '');

  const chosenLabel = useMemo(() => {
    if (!value) return '';
    if (airports.status !== 'ready') return value;
    // A city reads as itself, "New York (all airports)"; an airport as "City (CODE)".
    const city = airports.cities.find((each) => each.entry.iata_code === value)?.entry;
    const chosen = airports.airports.find((a) => a.iata_code === value);
    return city?.city_name ?? (chosen ? airportLabel(chosen) : value);
  }, [value, airports]);
  const text = typed ?? chosenLabel;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const results = useMemo(
    () =>
      airports.status === 'ready' ? withCities(searchAirports(airports.airports, text), text, airports.cities) : [],
    [airports, text],
  );
  const showList = open && typed !== null && typed.trim().length >= AIRPORT_QUERY_MIN_LENGTH;

  const choose = (airport: Airport) => {
    onChange(airport.iata_code);
    setTyped(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && showList && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
    }
  };

  // A listbox holds only options: the loading, error and empty notices are a status beside it.
  const listOpen = showList && results.length > 0;
  const notice = noticeFor(airports.status, results.length, text);
  const activeId = listOpen && results[active] ? `${id}-option-${active}` : undefined;

  return (
    <div ref={rootRef} className="relative" onPointerEnter={() => setWanted(true)} onFocus={() => setWanted(true)}>
      <IconInput
        label={label}
        icon={MapPin}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange('');
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-12"
      />
      {showList && notice && (
        <p role="status" className={cn(dropdownClass, 'px-3 py-2 text-sm', notice.className)}>
          {notice.text}
        </p>
      )}
      {listOpen && (
        <ul id={listId} role="listbox" aria-label={`${label} airports`} className={cn(dropdownClass, 'py-1')}>
          {results.map((airport, index) => (
            <li
              key={airport.iata_code}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(airport)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 px-3 py-2',
                index === active && 'bg-muted',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{airport.city_name || airport.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {airport.name}, {airport.country_code}
                </span>
              </span>
              <span className="shrink-0 rounded bg-subtle px-2 py-0.5 text-sm font-bold">{airport.iata_code}</span>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
