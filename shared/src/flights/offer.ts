import type { SortOption } from '../results/sort-options.js';
import type { CabinClass } from '../search/cabin.js';
import type { SearchOffer } from './search-offer.js';

/**
 * A flight offer as the engine's flight API answers it: Duffel's offer (field names and nesting
 * unchanged, amounts as decimal strings in the supplier's price) plus the fields the seeds' client
 * reads that Duffel does not have (`owner.logo_url`, `conditions.refundable`, `segment.airline`,
 * `segment.flight_number`, `slice.departure_time`...). Show prices through `displayPrice`.
 */
export interface FlightCarrier {
  id: string;
  name: string;
  iata_code: string | null;
  logo_symbol_url: string | null;
  logo_lockup_url: string | null;
  conditions_of_carriage_url: string | null;
  /** Seed alias of `logo_symbol_url`. */
  logo_url: string | null;
}

export interface FlightAirport {
  id: string;
  type: 'airport';
  iata_code: string;
  icao_code: string | null;
  name: string;
  city_name: string;
  iata_city_code: string | null;
  iata_country_code: string;
  /** Seed alias of `iata_country_code`. */
  country_code: string;
  latitude: number;
  longitude: number;
  time_zone: string;
}

export interface FlightCondition {
  allowed: boolean;
  penalty_amount: string | null;
  penalty_currency: string | null;
}

export interface FlightConditions {
  refund_before_departure: FlightCondition | null;
  change_before_departure: FlightCondition | null;
  /** Seed: refundable before departure (a Refundable badge). */
  refundable: boolean;
  /** Seed: changeable before departure. */
  changeable: boolean;
}

export interface FlightSegmentPassenger {
  passenger_id: string;
  cabin_class: CabinClass;
  cabin_class_marketing_name: string;
  fare_basis_code: string | null;
  baggages: Array<{ type: 'checked' | 'carry_on'; quantity: number }>;
}

export interface FlightSegment {
  id: string;
  origin: FlightAirport;
  destination: FlightAirport;
  origin_terminal: string | null;
  destination_terminal: string | null;
  /** Local time at the airport, no offset: "2026-12-20T18:05:00". */
  departing_at: string;
  arriving_at: string;
  /** ISO 8601 duration, e.g. "PT7H5M". */
  duration: string | null;
  /** Kilometres, as a decimal string. */
  distance: string | null;
  aircraft: { id: string; name: string; iata_code: string } | null;
  marketing_carrier: FlightCarrier;
  marketing_carrier_flight_number: string;
  operating_carrier: FlightCarrier;
  operating_carrier_flight_number: string;
  stops: Array<{ id: string; airport: FlightAirport; arriving_at: string; departing_at: string; duration: string }>;
  passengers: FlightSegmentPassenger[];
  /** Seed: the marketing airline with its ICAO code. */
  airline: { name: string; iata_code: string | null; icao_code: string | null; logo_url: string | null };
  /** Seed: carrier code and number, as travellers read it: "BA 117" (see `flightNumberLabel`). */
  flight_number: string;
  /** Seed: what comes with the seat (included bags), as short descriptions. */
  services: Array<{ type: string; description: string }>;
}

export interface FlightSlice {
  id: string;
  origin: FlightAirport;
  destination: FlightAirport;
  origin_type: 'airport';
  destination_type: 'airport';
  duration: string | null;
  fare_brand_name: string | null;
  segments: FlightSegment[];
  /** Seed: first departure and last arrival of the slice (local times). */
  departure_time: string;
  arrival_time: string;
}

export interface FlightService {
  id: string;
  type: string;
  total_amount: string;
  total_currency: string;
  maximum_quantity: number;
  passenger_ids: string[];
  segment_ids: string[];
  metadata: Record<string, unknown>;
  /** Seed: a short name and description, e.g. "Checked bag" / "1 checked bag up to 23 kg". */
  name: string;
  description: string;
}

export interface FlightOfferPassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat' | null;
  age: number | null;
}

export interface FlightOffer {
  id: string;
  created_at: string;
  expires_at: string;
  live_mode: boolean;
  total_amount: string;
  total_currency: string;
  base_amount: string;
  base_currency: string;
  tax_amount: string | null;
  tax_currency: string | null;
  total_emissions_kg: string | null;
  owner: FlightCarrier;
  passengers: FlightOfferPassenger[];
  slices: FlightSlice[];
  conditions: FlightConditions;
  /** Only filled by `GET /api/flights/offer/:id`; empty in search results. */
  available_services: FlightService[];
  passenger_identity_documents_required: boolean;
  supported_passenger_identity_document_types: string[];
  payment_requirements: {
    requires_instant_payment: boolean;
    payment_required_by: string | null;
    price_guarantee_expires_at: string | null;
  };
}

/**
 * `POST /api/flights/search` (page 1). The engine reads the provider's offers only as far as the
 * page needs: `total` counts the offers found so far, every one of them once `has_more` is false.
 */
export interface FlightSearchFirstPage {
  offers: SearchOffer[];
  /** `sort`: the order every page of this search is in. */
  meta: { total: number; page: number; limit: number; sort: SortOption; has_more: boolean };
}

/** `GET /api/flights/search` (page > 1, load-more); `total_count` and `has_more` as above. */
export interface FlightSearchPage {
  offers: SearchOffer[];
  total_count: number;
  page: number;
  limit: number;
  sort: SortOption;
  has_more: boolean;
}

type Holds<T extends true> = T;
/** The compiler's check that a full offer is also a search offer (every field, same types). */
export type FullOfferIsSearchOffer = Holds<FlightOffer extends SearchOffer ? true : false>;
