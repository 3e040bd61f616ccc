import {
  firstSliceOutOfOrder,
  MAX_MULTI_CITY_SLICES,
  MIN_MULTI_CITY_SLICES,
  SEARCH_SLICE_MESSAGES,
  type SearchLeg,
} from '../flights/search-slices.js';
import { SEARCH_FORM_MESSAGES } from './search-form-messages.js';

/** A row of the form's Multi-city tab as typed: any field may still be empty. */
export type MultiCityRow = SearchLeg;

export type RowProblems = Partial<Record<keyof MultiCityRow, string>>;

export const MULTI_CITY_ROW_MESSAGES = {
  origin: 'Origin is required',
  destination: 'Destination is required',
  departureDate: 'Departure date is required',
} as const;

export const emptyRow = (origin = ''): MultiCityRow => ({ origin, destination: '', departureDate: '' });

/** The two rows the tab opens with; the first starts from the one-way or return search's route and date. */
export function startingRows(from?: Partial<MultiCityRow>): MultiCityRow[] {
  const first = { ...emptyRow(), ...from };
  return [first, emptyRow(first.destination)];
}

/** A new row leaves from where the last one lands, as most multi-city trips do; at most four. */
export function withRowAdded(rows: readonly MultiCityRow[]): MultiCityRow[] {
  if (rows.length >= MAX_MULTI_CITY_SLICES) return [...rows];
  return [...rows, emptyRow(rows.at(-1)?.destination ?? '')];
}

/**
 * A row with one field changed. A new destination is also where the next flight leaves from, unless
 * the traveller already chose another airport for it (an open jaw).
 */
export function withRowChanged(
  rows: readonly MultiCityRow[],
  index: number,
  field: keyof MultiCityRow,
  value: string,
): MultiCityRow[] {
  const before = rows[index]?.destination;
  return rows.map((row, i) => {
    if (i === index) return { ...row, [field]: value };
    const followsOn = field === 'destination' && i === index + 1 && (row.origin === '' || row.origin === before);
    return followsOn ? { ...row, origin: value } : row;
  });
}

/** Removes a row, never below two. */
export function withRowRemoved(rows: readonly MultiCityRow[], index: number): MultiCityRow[] {
  if (rows.length <= MIN_MULTI_CITY_SLICES) return [...rows];
  return rows.filter((_, i) => i !== index);
}

/**
 * What is wrong with each row, in the home form's words: every field needed, a flight to
 * somewhere else, and each date on or after the one before (issue 34).
 */
export function multiCityRowProblems(rows: readonly MultiCityRow[]): RowProblems[] {
  const problems: RowProblems[] = rows.map((row) => {
    const found: RowProblems = {};
    if (!row.origin) found.origin = MULTI_CITY_ROW_MESSAGES.origin;
    if (!row.destination) found.destination = MULTI_CITY_ROW_MESSAGES.destination;
    else if (row.origin.toUpperCase() === row.destination.toUpperCase())
      found.destination = SEARCH_FORM_MESSAGES.sameAirport;
    if (!row.departureDate) found.departureDate = MULTI_CITY_ROW_MESSAGES.departureDate;
    return found;
  });
  const dated = rows.map((row, i) => ({ departureDate: row.departureDate || rows[i - 1]?.departureDate || '' }));
  const late = firstSliceOutOfOrder(dated);
  if (late >= 0 && rows[late]!.departureDate) problems[late]!.departureDate ??= SEARCH_SLICE_MESSAGES.datesInOrder;
  return problems;
}

export const hasRowProblems = (problems: readonly RowProblems[]) => problems.some((row) => Object.keys(row).length > 0);
