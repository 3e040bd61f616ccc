import { z } from '../validation/zod-mini.js';
import { CABIN_CLASSES } from '../search/cabin.js';

export const searchCarrierSchema = z.object({
  name: z.string(),
  iata_code: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
});
export type SearchCarrier = z.infer<typeof searchCarrierSchema>;

export const searchAirportSchema = z.object({
  iata_code: z.string(),
  name: z.string(),
  city_name: z.string(),
  country_code: z.string(),
});
export type SearchAirport = z.infer<typeof searchAirportSchema>;

/** The marketing airline with its ICAO code. */
export const segmentAirlineSchema = z.object({
  name: z.string(),
  iata_code: z.nullable(z.string()),
  icao_code: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
});

/** What comes with the seat (included bags), as short descriptions. */
export const includedServiceSchema = z.object({ type: z.string(), description: z.string() });

export const searchSegmentSchema = z.object({
  id: z.string(),
  /** Local time at the airport, no offset: "2026-12-20T18:05:00". */
  departing_at: z.string(),
  arriving_at: z.string(),
  origin: searchAirportSchema,
  destination: searchAirportSchema,
  marketing_carrier: searchCarrierSchema,
  operating_carrier: searchCarrierSchema,
  airline: segmentAirlineSchema,
  /** Carrier code and number, as travellers read it: "BA 117". */
  flight_number: z.string(),
  aircraft: z.nullable(z.object({ name: z.string() })),
  duration: z.nullable(z.string()),
  services: z.array(includedServiceSchema),
  /** The bags included per passenger (the price with my bags counts them first). */
  passengers: z.array(
    z.object({
      passenger_id: z.string(),
      baggages: z.array(z.object({ type: z.enum(['checked', 'carry_on']), quantity: z.number() })),
    }),
  ),
});
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const searchSliceSchema = z.object({
  id: z.string(),
  origin: searchAirportSchema,
  destination: searchAirportSchema,
  /** ISO 8601 duration, e.g. "PT7H5M". */
  duration: z.nullable(z.string()),
  /** First departure and last arrival of the slice (local times). */
  departure_time: z.string(),
  arrival_time: z.string(),
  segments: z.array(searchSegmentSchema),
});
export type SearchSlice = z.infer<typeof searchSliceSchema>;

/** A service for sale with the offer; its name and description only in the full offer (pages do not show them). */
export const searchServiceSchema = z.object({
  id: z.string(),
  type: z.string(),
  total_amount: z.string(),
  total_currency: z.string(),
  /** Who and which flights a bag is for, and how many may be ordered (shared/src/pricing/bags.ts). */
  maximum_quantity: z.number(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  /** A bag's `type` (checked, carry_on) and weight, as Duffel's metadata has them. */
  metadata: z.record(z.string(), z.unknown()),
});
export type SearchService = z.infer<typeof searchServiceSchema>;

/**
 * An offer as the search pages list it (`POST` and `GET /api/flights/search`): the fields seed 000
 * §3 lists for an offer, slice and segment, and nothing else the storefront's results, filters,
 * sorts and deal cards do not read. About half the full offer's bytes (40% before issue 35's bag facts). The full offer
 * (`FlightOffer`, from `GET /api/flights/offer/:id`) has every field here and more, so code that
 * reads a `SearchOffer` takes either.
 */
export const searchOfferSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  /** Decimal strings in the supplier's price; show them through `priceOffer` (shared/pricing). */
  total_amount: z.string(),
  total_currency: z.string(),
  base_amount: z.string(),
  base_currency: z.string(),
  tax_amount: z.nullable(z.string()),
  tax_currency: z.nullable(z.string()),
  owner: searchCarrierSchema,
  /** The passengers' types, so emissions read per passenger (an infant on a lap has no seat). */
  passengers: z.array(z.object({ id: z.string(), type: z.nullable(z.string()) })),
  /** Duffel's estimate for all passengers together, in kg CO2e (decimal string); null when unknown. */
  total_emissions_kg: z.nullable(z.string()),
  slices: z.array(searchSliceSchema),
  /**
   * The best cabin sold on any of its flights (a search for First on a route without First gets
   * Business), so the results can say when nobody sells the cabin asked for. Null when the
   * provider names none; absent from offers listed before it was added.
   */
  cabin_class: z.optional(z.nullable(z.enum(CABIN_CLASSES))),
  conditions: z.object({ refundable: z.boolean(), changeable: z.boolean() }),
  /** Services for sale with the offer (bags); empty when the provider lists none with its offers. */
  available_services: z.array(searchServiceSchema),
  passenger_identity_documents_required: z.boolean(),
});
export type SearchOffer = z.infer<typeof searchOfferSchema>;
