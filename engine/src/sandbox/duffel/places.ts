import type { Airline as ReferenceAirline, Airport as ReferenceAirport } from '@contrail/shared';
import type { Airline, Airport } from '../../flights/duffel-types.js';
import { idFrom } from './random.js';

const LOGOS = 'https://assets.duffel.com/img/airlines/for-light-background';

/** An airport in Duffel's shape. */
export function duffelAirport(airport: ReferenceAirport): Airport & { type: 'airport' } {
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

/** An airline in Duffel's shape, with Duffel's logo addresses. */
export function duffelAirline(airline: ReferenceAirline): Airline {
  return {
    id: `arl_${idFrom(`airline:${airline.iata_code}`)}`,
    name: airline.name,
    iata_code: airline.iata_code,
    logo_symbol_url: `${LOGOS}/full-color-logo/${airline.iata_code}.svg`,
    logo_lockup_url: `${LOGOS}/full-color-lockup/${airline.iata_code}.svg`,
    conditions_of_carriage_url: null,
  };
}
