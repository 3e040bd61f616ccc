import type {
  FlightAirport,
  FlightCarrier,
  FlightOffer,
  FlightSegment,
  FlightSlice,
} from '@contrail/shared/flights/offer';

/** A fixed, made-up offer for the brand preview's flight card; it is never booked. */
function airport(code: string, city: string, country: string): FlightAirport {
  return {
    id: `arp_${code}`,
    type: 'airport',
    iata_code: code,
    icao_code: null,
    name: `${city} Airport`,
    city_name: city,
    iata_city_code: code,
    iata_country_code: country,
    country_code: country,
    latitude: 0,
    longitude: 0,
    time_zone: 'UTC',
  };
}

const carrier: FlightCarrier = {
  id: 'arl_preview',
  name: 'Preview Airways',
  iata_code: 'PV',
  logo_symbol_url: null,
  logo_lockup_url: null,
  conditions_of_carriage_url: null,
  logo_url: null,
};

function slice(id: string, from: FlightAirport, to: FlightAirport, departing: string, arriving: string): FlightSlice {
  const segment: FlightSegment = {
    id: `seg_${id}`,
    origin: from,
    destination: to,
    origin_terminal: null,
    destination_terminal: null,
    departing_at: departing,
    arriving_at: arriving,
    duration: 'PT7H5M',
    distance: null,
    aircraft: null,
    marketing_carrier: carrier,
    marketing_carrier_flight_number: '117',
    operating_carrier: carrier,
    operating_carrier_flight_number: '117',
    stops: [],
    passengers: [],
    airline: { name: carrier.name, iata_code: 'PV', icao_code: null, logo_url: null },
    flight_number: 'PV 117',
    services: [],
  };
  return {
    id: `sli_${id}`,
    origin: from,
    destination: to,
    origin_type: 'airport',
    destination_type: 'airport',
    duration: 'PT7H5M',
    fare_brand_name: null,
    seat_selection: null,
    segments: [segment],
    departure_time: departing,
    arrival_time: arriving,
  };
}

const jfk = airport('JFK', 'New York', 'US');
const lhr = airport('LHR', 'London', 'GB');

export const PREVIEW_OFFER: FlightOffer = {
  id: 'off_preview',
  created_at: '2026-11-22T12:00:00Z',
  expires_at: '2026-11-22T12:30:00Z',
  live_mode: false,
  total_amount: '512.40',
  total_currency: 'USD',
  base_amount: '431.00',
  base_currency: 'USD',
  tax_amount: '81.40',
  tax_currency: 'USD',
  total_emissions_kg: null,
  owner: carrier,
  passengers: [{ id: 'pas_1', type: 'adult', age: null }],
  slices: [
    slice('out', jfk, lhr, '2026-12-20T18:05:00', '2026-12-21T06:10:00'),
    slice('back', lhr, jfk, '2026-12-28T11:20:00', '2026-12-28T14:25:00'),
  ],
  conditions: { refund_before_departure: null, change_before_departure: null, refundable: true, changeable: true },
  available_services: [],
  passenger_identity_documents_required: false,
  supported_passenger_identity_document_types: [],
  payment_requirements: {
    requires_instant_payment: false,
    payment_required_by: null,
    price_guarantee_expires_at: null,
  },
};
