import { z } from '../validation/zod-mini.js';
import { SORT_VALUES } from '../results/sort-options.js';
import { CABIN_CLASSES } from '../search/cabin.js';
import { includedServiceSchema, searchOfferSchema, segmentAirlineSchema, type SearchOffer } from './search-offer.js';

export const flightCarrierSchema = z.object({
  id: z.string(),
  name: z.string(),
  iata_code: z.nullable(z.string()),
  logo_symbol_url: z.nullable(z.string()),
  logo_lockup_url: z.nullable(z.string()),
  conditions_of_carriage_url: z.nullable(z.string()),
  /** Seed alias of `logo_symbol_url`. */
  logo_url: z.nullable(z.string()),
});
export type FlightCarrier = z.infer<typeof flightCarrierSchema>;

export const flightAirportSchema = z.object({
  id: z.string(),
  type: z.literal('airport'),
  iata_code: z.string(),
  icao_code: z.nullable(z.string()),
  name: z.string(),
  city_name: z.string(),
  iata_city_code: z.nullable(z.string()),
  iata_country_code: z.string(),
  /** Seed alias of `iata_country_code`. */
  country_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
});
export type FlightAirport = z.infer<typeof flightAirportSchema>;

export const flightConditionSchema = z.object({
  allowed: z.boolean(),
  penalty_amount: z.nullable(z.string()),
  penalty_currency: z.nullable(z.string()),
});
export type FlightCondition = z.infer<typeof flightConditionSchema>;

export const flightConditionsSchema = z.object({
  refund_before_departure: z.nullable(flightConditionSchema),
  change_before_departure: z.nullable(flightConditionSchema),
  /** Seed: refundable before departure (a Refundable badge). */
  refundable: z.boolean(),
  /** Seed: changeable before departure. */
  changeable: z.boolean(),
});
export type FlightConditions = z.infer<typeof flightConditionsSchema>;

export const flightSegmentPassengerSchema = z.object({
  passenger_id: z.string(),
  cabin_class: z.enum(CABIN_CLASSES),
  cabin_class_marketing_name: z.string(),
  fare_basis_code: z.nullable(z.string()),
  baggages: z.array(z.object({ type: z.enum(['checked', 'carry_on']), quantity: z.number() })),
});
export type FlightSegmentPassenger = z.infer<typeof flightSegmentPassengerSchema>;

export const flightSegmentSchema = z.object({
  id: z.string(),
  origin: flightAirportSchema,
  destination: flightAirportSchema,
  origin_terminal: z.nullable(z.string()),
  destination_terminal: z.nullable(z.string()),
  /** Local time at the airport, no offset: "2026-12-20T18:05:00". */
  departing_at: z.string(),
  arriving_at: z.string(),
  /** ISO 8601 duration, e.g. "PT7H5M". */
  duration: z.nullable(z.string()),
  /** Kilometres, as a decimal string. */
  distance: z.nullable(z.string()),
  aircraft: z.nullable(z.object({ id: z.string(), name: z.string(), iata_code: z.string() })),
  marketing_carrier: flightCarrierSchema,
  marketing_carrier_flight_number: z.string(),
  operating_carrier: flightCarrierSchema,
  operating_carrier_flight_number: z.string(),
  stops: z.array(
    z.object({
      id: z.string(),
      airport: flightAirportSchema,
      arriving_at: z.string(),
      departing_at: z.string(),
      duration: z.string(),
    }),
  ),
  passengers: z.array(flightSegmentPassengerSchema),
  /** Seed: the marketing airline with its ICAO code. */
  airline: segmentAirlineSchema,
  /** Seed: carrier code and number, as travellers read it: "BA 117" (see `flightNumberLabel`). */
  flight_number: z.string(),
  /** Seed: what comes with the seat (included bags), as short descriptions. */
  services: z.array(includedServiceSchema),
});
export type FlightSegment = z.infer<typeof flightSegmentSchema>;

export const flightSliceSchema = z.object({
  id: z.string(),
  origin: flightAirportSchema,
  destination: flightAirportSchema,
  origin_type: z.literal('airport'),
  destination_type: z.literal('airport'),
  duration: z.nullable(z.string()),
  fare_brand_name: z.nullable(z.string()),
  /** Duffel's slice condition `advance_seat_selection`: seats may be chosen before check-in; null when not said. */
  seat_selection: z.nullable(z.boolean()),
  segments: z.array(flightSegmentSchema),
  /** Seed: first departure and last arrival of the slice (local times). */
  departure_time: z.string(),
  arrival_time: z.string(),
});
export type FlightSlice = z.infer<typeof flightSliceSchema>;

export const flightServiceSchema = z.object({
  id: z.string(),
  type: z.string(),
  total_amount: z.string(),
  total_currency: z.string(),
  maximum_quantity: z.number(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  /** Seed: a short name and description, e.g. "Checked bag" / "1 checked bag up to 23 kg". */
  name: z.string(),
  description: z.string(),
});
export type FlightService = z.infer<typeof flightServiceSchema>;

export const flightOfferPassengerSchema = z.object({
  id: z.string(),
  type: z.nullable(z.enum(['adult', 'child', 'infant_without_seat'])),
  age: z.nullable(z.number()),
});
export type FlightOfferPassenger = z.infer<typeof flightOfferPassengerSchema>;

/**
 * A flight offer as the engine's flight API answers it (`GET /api/flights/offer/:id`): Duffel's
 * offer (field names and nesting unchanged, amounts as decimal strings in the supplier's price)
 * plus the fields the seeds' client reads that Duffel does not have (`owner.logo_url`,
 * `conditions.refundable`, `segment.airline`, `segment.flight_number`, `slice.departure_time`...).
 * Show prices through `priceOffer` (shared/pricing).
 */
export const flightOfferSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  live_mode: z.boolean(),
  total_amount: z.string(),
  total_currency: z.string(),
  base_amount: z.string(),
  base_currency: z.string(),
  tax_amount: z.nullable(z.string()),
  tax_currency: z.nullable(z.string()),
  total_emissions_kg: z.nullable(z.string()),
  owner: flightCarrierSchema,
  passengers: z.array(flightOfferPassengerSchema),
  slices: z.array(flightSliceSchema),
  /** The best cabin sold on its flights, as search offers carry it (search-offer.ts). */
  cabin_class: z.optional(z.nullable(z.enum(CABIN_CLASSES))),
  conditions: flightConditionsSchema,
  /** Only filled by `GET /api/flights/offer/:id`; empty in search results. */
  available_services: z.array(flightServiceSchema),
  passenger_identity_documents_required: z.boolean(),
  supported_passenger_identity_document_types: z.array(z.string()),
  payment_requirements: z.object({
    requires_instant_payment: z.boolean(),
    payment_required_by: z.nullable(z.string()),
    price_guarantee_expires_at: z.nullable(z.string()),
  }),
});
export type FlightOffer = z.infer<typeof flightOfferSchema>;

const facetRange = z.object({ min: z.number(), max: z.number() });
const facetChoice = z.object({ code: z.string(), name: z.string() });

/** The filters' choices over every offer found so far (results/facets.ts), with `found`: how many. */
export const searchFacetsSchema = z.object({
  found: z.number(),
  price: z.nullable(facetRange),
  durationHours: z.nullable(facetRange),
  airlines: z.array(facetChoice),
  connections: z.array(facetChoice),
  emissionsKg: z.nullable(z.extend(facetRange, { median: z.number() })),
  /** The cabins the offers found are sold in, economy first (results/cabins-sold.ts). */
  cabins: z.array(z.enum(CABIN_CLASSES)),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/**
 * `POST /api/flights/search` (page 1). The engine reads the provider's offers only as far as the
 * page needs: `total` counts the offers found so far, every one of them once `has_more` is false.
 */
export const flightSearchFirstPageSchema = z.object({
  offers: z.array(searchOfferSchema),
  /** `meta.total`: the offers that pass the request's filters; `facets.found`: all offers found. */
  facets: searchFacetsSchema,
  /** `sort`: the order every page of this search is in. */
  meta: z.object({
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    sort: z.enum(SORT_VALUES),
    has_more: z.boolean(),
  }),
});
export type FlightSearchFirstPage = z.infer<typeof flightSearchFirstPageSchema>;

/** `GET /api/flights/search` (page > 1, load-more); `total_count` and `has_more` as above. */
export const flightSearchPageSchema = z.object({
  offers: z.array(searchOfferSchema),
  facets: searchFacetsSchema,
  total_count: z.number(),
  page: z.number(),
  limit: z.number(),
  sort: z.enum(SORT_VALUES),
  has_more: z.boolean(),
});
export type FlightSearchPage = z.infer<typeof flightSearchPageSchema>;

type Holds<T extends true> = T;
/** The compiler's check that a full offer is also a search offer (every field, same types). */
export type FullOfferIsSearchOffer = Holds<FlightOffer extends SearchOffer ? true : false>;

/** `GET /api/flights/offer/:id/fare-brands`: the search's offers on the same flights, in full (issue 35). */
export const fareBrandsAnswerSchema = z.object({ offers: z.array(flightOfferSchema) });
export type FareBrandsAnswer = z.infer<typeof fareBrandsAnswerSchema>;
