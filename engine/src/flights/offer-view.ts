import { airlineByIata, flightNumberLabel } from '@contrail/shared';
import { bestCabin } from '@contrail/shared/results/cabins-sold';
import type {
  FlightAirport,
  FlightCarrier,
  FlightCondition,
  FlightOffer,
  FlightSegment,
  FlightService,
  FlightSlice,
  SearchAirport,
  SearchCarrier,
} from '@contrail/shared';
import type { Airline, FlightsCondition, Offer, OfferSlice, OfferSliceSegment } from './duffel-types.js';
import { airlineLogoUrl } from './airline-badges.js';

type DuffelPlace = OfferSlice['origin'] | OfferSliceSegment['origin'];

/** Seed 000 §3's carrier: name, code and logo (`logo_url`, Duffel's symbol logo, else the airline's badge). */
export function carrierFields(airline: Airline): SearchCarrier {
  return { name: airline.name, iata_code: airline.iata_code, logo_url: logoOf(airline) };
}

const logoOf = (airline: Airline) => airlineLogoUrl(airline.iata_code, airline.logo_symbol_url);

function carrier(airline: Airline): FlightCarrier {
  return {
    id: airline.id,
    ...carrierFields(airline),
    logo_symbol_url: logoOf(airline),
    logo_lockup_url: airline.logo_lockup_url,
    conditions_of_carriage_url: airline.conditions_of_carriage_url,
  };
}

/** Duffel places differ by where they appear (a slice's may be a city); all have these. */
type PlaceFields = Partial<OfferSliceSegment['origin']> & {
  id: string;
  name: string;
  iata_code?: string | null;
  iata_country_code?: string;
};

/** Seed 000 §3's airport: name, IATA code, city name and country code. */
export function airportFields(place: DuffelPlace): SearchAirport {
  const p = place as PlaceFields;
  return {
    iata_code: p.iata_code ?? '',
    name: p.name,
    city_name: p.city_name ?? p.city?.name ?? p.name,
    country_code: p.iata_country_code ?? '',
  };
}

function airport(place: DuffelPlace): FlightAirport {
  const p = place as PlaceFields;
  const fields = airportFields(place);
  return {
    id: p.id,
    type: 'airport',
    ...fields,
    icao_code: p.icao_code ?? null,
    iata_city_code: p.iata_city_code ?? null,
    iata_country_code: fields.country_code,
    latitude: p.latitude ?? 0,
    longitude: p.longitude ?? 0,
    time_zone: p.time_zone ?? 'UTC',
  };
}

function condition(value: FlightsCondition | null | undefined): FlightCondition | null {
  return value
    ? { allowed: value.allowed, penalty_amount: value.penalty_amount, penalty_currency: value.penalty_currency }
    : null;
}

/** Seed: the bags included with the seat, as short descriptions. */
export function bagDescriptions(segment: OfferSliceSegment): FlightSegment['services'] {
  const bags = segment.passengers[0]?.baggages ?? [];
  return bags
    .filter((bag) => bag.quantity > 0)
    .map((bag) => ({
      type: bag.type === 'checked' ? 'checked_baggage' : 'carry_on_baggage',
      description: `${bag.quantity} ${bag.type === 'checked' ? 'checked' : 'carry-on'} bag${bag.quantity > 1 ? 's' : ''} included`,
    }));
}

/** Seed: the segment's marketing airline with its ICAO code. */
export function segmentAirline(airline: Airline): FlightSegment['airline'] {
  return {
    name: airline.name,
    iata_code: airline.iata_code,
    icao_code: (airline.iata_code && airlineByIata(airline.iata_code)?.icao_code) || null,
    logo_url: logoOf(airline),
  };
}

function segment(source: OfferSliceSegment): FlightSegment {
  const marketing = carrier(source.marketing_carrier);
  return {
    id: source.id,
    origin: airport(source.origin),
    destination: airport(source.destination),
    origin_terminal: source.origin_terminal,
    destination_terminal: source.destination_terminal,
    departing_at: source.departing_at,
    arriving_at: source.arriving_at,
    duration: source.duration,
    distance: source.distance,
    aircraft: source.aircraft
      ? { id: source.aircraft.id, name: source.aircraft.name, iata_code: source.aircraft.iata_code }
      : null,
    marketing_carrier: marketing,
    marketing_carrier_flight_number: source.marketing_carrier_flight_number,
    operating_carrier: carrier(source.operating_carrier),
    operating_carrier_flight_number: source.operating_carrier_flight_number,
    stops: (source.stops ?? []).map((stop) => ({
      id: stop.id,
      airport: airport(stop.airport),
      arriving_at: stop.arriving_at,
      departing_at: stop.departing_at,
      duration: stop.duration,
    })),
    passengers: source.passengers.map((passenger) => ({
      passenger_id: passenger.passenger_id,
      cabin_class: passenger.cabin_class,
      cabin_class_marketing_name: passenger.cabin_class_marketing_name,
      fare_basis_code: passenger.fare_basis_code ?? null,
      baggages: passenger.baggages.map((bag) => ({ type: bag.type, quantity: bag.quantity })),
    })),
    airline: segmentAirline(source.marketing_carrier),
    flight_number: flightNumberLabel(marketing.iata_code, source.marketing_carrier_flight_number),
    services: bagDescriptions(source),
  };
}

export function slice(source: OfferSlice): FlightSlice {
  const segments = source.segments.map(segment);
  return {
    id: source.id,
    origin: airport(source.origin),
    destination: airport(source.destination),
    origin_type: 'airport',
    destination_type: 'airport',
    duration: source.duration,
    fare_brand_name: source.fare_brand_name,
    seat_selection: source.conditions?.advance_seat_selection ?? null,
    segments,
    departure_time: segments[0]?.departing_at ?? '',
    arrival_time: segments.at(-1)?.arriving_at ?? '',
  };
}

export type DuffelService = Offer['available_services'][number];

/** Duffel gives a service a type and metadata; travellers read a name and a description. */
export function serviceLabels(source: DuffelService): { name: string; description: string } {
  const bag = source.type === 'baggage' ? source.metadata : undefined;
  const name = bag ? (bag.type === 'checked' ? 'Checked bag' : 'Carry-on bag') : 'Cancel for any reason';
  const description = bag
    ? `${name}${bag.maximum_weight_kg ? ` up to ${bag.maximum_weight_kg} kg` : ''}`
    : 'Cancel for any reason and get part of the fare back';
  return { name, description };
}

function service(source: DuffelService): FlightService {
  return {
    id: source.id,
    type: source.type,
    total_amount: source.total_amount,
    total_currency: source.total_currency,
    maximum_quantity: source.maximum_quantity,
    passenger_ids: source.passenger_ids,
    segment_ids: source.segment_ids,
    metadata: { ...source.metadata },
    ...serviceLabels(source),
  };
}

/** A Duffel offer as the flight API answers it: Duffel's fields plus those the storefront reads. */
/** The best cabin a passenger is seated in on any of the offer's flights (issue 33: the cabin notice). */
export function offerCabin(source: Offer): FlightOffer['cabin_class'] {
  return bestCabin(
    source.slices.flatMap((each) => each.segments.flatMap((leg) => leg.passengers.map((p) => p.cabin_class))),
  );
}

export function offerView(source: Offer): FlightOffer {
  const refund = condition(source.conditions.refund_before_departure);
  const change = condition(source.conditions.change_before_departure);
  return {
    id: source.id,
    created_at: source.created_at,
    expires_at: source.expires_at,
    live_mode: source.live_mode,
    total_amount: source.total_amount,
    total_currency: source.total_currency,
    base_amount: source.base_amount,
    base_currency: source.base_currency,
    tax_amount: source.tax_amount,
    tax_currency: source.tax_currency,
    total_emissions_kg: source.total_emissions_kg ?? null,
    owner: carrier(source.owner),
    passengers: source.passengers.map((passenger) => ({ id: passenger.id, type: passenger.type, age: passenger.age })),
    slices: source.slices.map(slice),
    cabin_class: offerCabin(source),
    conditions: {
      refund_before_departure: refund,
      change_before_departure: change,
      refundable: refund?.allowed === true,
      changeable: change?.allowed === true,
    },
    available_services: (source.available_services ?? []).map(service),
    passenger_identity_documents_required: source.passenger_identity_documents_required,
    supported_passenger_identity_document_types: source.supported_passenger_identity_document_types ?? [],
    payment_requirements: {
      requires_instant_payment: source.payment_requirements.requires_instant_payment,
      payment_required_by: source.payment_requirements.payment_required_by,
      price_guarantee_expires_at: source.payment_requirements.price_guarantee_expires_at,
    },
  };
}
