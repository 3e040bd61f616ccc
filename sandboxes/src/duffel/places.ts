import { airportByIata, type Airline as ReferenceAirline, type Airport as ReferenceAirport } from '@contrail/shared';
import { metroArea } from '@contrail/shared/reference/metro-areas';
import type { Airline, Airport, Place } from '@duffel/api/types';
import { idFrom } from './random.js';

// Every segment of every offer names its airports and airlines: each is built once, frozen, and shared.
const airports = new WeakMap<ReferenceAirport, Readonly<Airport & { type: 'airport' }>>();
const airlines = new WeakMap<ReferenceAirline, Readonly<Airline>>();

/** A code a search may name: an airport's, or a city's with several airports (Duffel takes both). */
export const knownPlace = (code: string): boolean => Boolean(airportByIata(code) ?? metroArea(code));

/** A search's origin or destination as Duffel answers it: an airport, or a city with its airports. */
export function duffelPlace(code: string): Place {
  const airport = airportByIata(code);
  if (airport) return duffelAirport(airport);
  const metro = metroArea(code)!;
  const airports = metro.airports.map((iata) => duffelAirport(airportByIata(iata)!));
  const country = airports[0]!.iata_country_code;
  const id = `cit_${metro.code.toLowerCase()}_${country.toLowerCase()}`;
  return { type: 'city', id, iata_code: metro.code, iata_country_code: country, name: metro.name, airports };
}

/** An airport in Duffel's shape (one frozen object per airport). */
export function duffelAirport(airport: ReferenceAirport): Airport & { type: 'airport' } {
  let found = airports.get(airport);
  if (!found) {
    found = Object.freeze(airportOf(airport));
    airports.set(airport, found);
  }
  return found;
}

function airportOf(airport: ReferenceAirport): Airport & { type: 'airport' } {
  return {
    id: airport.id,
    type: 'airport',
    iata_code: airport.iata_code,
    icao_code: airport.icao_code ?? '',
    name: airport.name,
    city_name: airport.city_name,
    iata_city_code: null,
    iata_country_code: airport.country_code,
    latitude: airport.latitude,
    longitude: airport.longitude,
    time_zone: airport.time_zone,
    city: null,
  };
}

/**
 * An airline in Duffel's shape (one frozen object per airline), without logos, as Duffel sends an
 * airline it has none for: the sandbox runs where Duffel's asset host may be out of reach (CI, an
 * offline laptop), and every logo that fails to load is a console error on the page. The storefront
 * shows the airline's code in the logo's tile instead, without a request.
 */
export function duffelAirline(airline: ReferenceAirline): Airline {
  let found = airlines.get(airline);
  if (!found) {
    found = Object.freeze(airlineOf(airline));
    airlines.set(airline, found);
  }
  return found;
}

function airlineOf(airline: ReferenceAirline): Airline {
  return {
    id: `arl_${idFrom(`airline:${airline.iata_code}`)}`,
    name: airline.name,
    iata_code: airline.iata_code,
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  };
}
