import { CABIN_CLASSES, type CabinClass } from '@contrail/shared/search/cabin';
import { DuffelApiError, invalid } from './errors.js';
import { record } from './request-fields.js';
import { kindOfAge } from './passengers.js';
import { knownPlace } from './places.js';
import { calendarDate, type SandboxSearch } from './request-codec.js';
import { routeKey, TIMES_OUT } from './scenario-routes.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function airportCode(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value))
    throw invalid(field, `Field '${field}' must be an IATA code`);
  const code = value.toUpperCase();
  if (!knownPlace(code)) throw invalid(field, `Field '${field}' is not a known airport: ${code}`, 'airport_not_found');
  return code;
}

/** Reads `POST air/offer_requests` `data` as Duffel validates it (422 with the field on failure). */
export function readOfferRequest(body: unknown, now: Date, nonce: string): SandboxSearch {
  const data = record(record(body, 'body').data, 'data');
  if (!Array.isArray(data.slices) || data.slices.length < 1 || data.slices.length > 4) {
    throw invalid('slices', "Field 'slices' must list 1 to 4 slices");
  }
  const today = new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
  const slices = data.slices.map((raw, i) => {
    const slice = record(raw, `slices[${i}]`);
    const origin = airportCode(slice.origin, `slices[${i}].origin`);
    const destination = airportCode(slice.destination, `slices[${i}].destination`);
    if (origin === destination) throw invalid(`slices[${i}].destination`, 'Origin and destination must differ');
    const departureDate = slice.departure_date;
    if (
      typeof departureDate !== 'string' ||
      !DATE.test(departureDate) ||
      !calendarDate(...(departureDate.split('-') as [string, string, string]))
    ) {
      throw invalid(
        `slices[${i}].departure_date`,
        `Field 'slices[${i}].departure_date' must be a date like 2026-12-31`,
      );
    }
    if (departureDate < today) {
      throw invalid(
        `slices[${i}].departure_date`,
        'The departure date must be today or later',
        'departure_date_in_past',
      );
    }
    return { origin, destination, departureDate };
  });
  if (!Array.isArray(data.passengers) || data.passengers.length < 1 || data.passengers.length > 9) {
    throw invalid('passengers', "Field 'passengers' must list 1 to 9 passengers");
  }
  const passengers = data.passengers.map((raw, i): 'adult' | number => {
    const passenger = record(raw, `passengers[${i}]`);
    if (passenger.type === 'adult' && passenger.age === undefined) return 'adult';
    if (
      typeof passenger.age === 'number' &&
      Number.isInteger(passenger.age) &&
      passenger.age >= 0 &&
      passenger.age <= 130
    ) {
      return passenger.age >= 18 ? 'adult' : passenger.age;
    }
    throw invalid(`passengers[${i}]`, "A passenger needs type 'adult' or an age");
  });
  const infants = passengers.filter((p) => p !== 'adult' && kindOfAge(p) === 'infant_without_seat').length;
  const adults = passengers.filter((p) => p === 'adult' || kindOfAge(p) === 'adult').length;
  if (infants > adults) throw invalid('passengers', 'Each infant must travel with an adult');
  const cabin = (data.cabin_class ?? 'economy') as CabinClass;
  if (!CABIN_CLASSES.includes(cabin))
    throw invalid('cabin_class', `Field 'cabin_class' must be one of ${CABIN_CLASSES.join(', ')}`);
  const maxConnections = data.max_connections ?? 1;
  if (maxConnections !== 0 && maxConnections !== 1 && maxConnections !== 2) {
    throw invalid('max_connections', "Field 'max_connections' must be 0, 1 or 2");
  }
  if (slices.some((slice) => TIMES_OUT.has(routeKey(slice.origin, slice.destination)))) {
    throw new DuffelApiError(
      504,
      'api_error',
      'gateway_timeout_error',
      'Gateway timeout',
      'The airline did not answer in time',
    );
  }
  return { createdAtMs: now.getTime(), nonce, cabin, maxConnections, passengers, slices };
}
