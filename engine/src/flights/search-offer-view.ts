import { flightNumberLabel, type SearchOffer, type SearchSegment, type SearchSlice } from '@contrail/shared';
import type { Offer, OfferSlice, OfferSliceSegment } from './duffel-types.js';
import {
  airportFields,
  bagDescriptions,
  carrierFields,
  offerCabin,
  segmentAirline,
  type DuffelService,
} from './offer-view.js';

/*
 * The offer as the search pages list it (shared/src/flights/search-offer.ts): seed 000 §3's offer,
 * slice and segment fields, which cover everything the storefront's results, filters, sorts and
 * deal cards read. Built straight from Duffel's offer, never through the full view: a search page
 * is a third of the bytes and the work. The offer page (`GET /api/flights/offer/:id`) keeps the full
 * view (`offerView`), which the flight details, fare rules, seat maps and booking read.
 */

function segment(source: OfferSliceSegment): SearchSegment {
  const marketing = source.marketing_carrier;
  return {
    id: source.id,
    departing_at: source.departing_at,
    arriving_at: source.arriving_at,
    origin: airportFields(source.origin),
    destination: airportFields(source.destination),
    marketing_carrier: carrierFields(marketing),
    operating_carrier: carrierFields(source.operating_carrier),
    airline: segmentAirline(marketing),
    flight_number: flightNumberLabel(marketing.iata_code, source.marketing_carrier_flight_number),
    aircraft: source.aircraft ? { name: source.aircraft.name } : null,
    duration: source.duration,
    services: bagDescriptions(source),
    passengers: source.passengers.map((passenger) => ({
      passenger_id: passenger.passenger_id,
      baggages: passenger.baggages.map((bag) => ({ type: bag.type, quantity: bag.quantity })),
    })),
  };
}

function slice(source: OfferSlice): SearchSlice {
  const segments = source.segments.map(segment);
  return {
    id: source.id,
    origin: airportFields(source.origin),
    destination: airportFields(source.destination),
    duration: source.duration,
    departure_time: segments[0]?.departing_at ?? '',
    arrival_time: segments.at(-1)?.arriving_at ?? '',
    segments,
  };
}

function service(source: DuffelService): SearchOffer['available_services'][number] {
  return {
    id: source.id,
    type: source.type,
    total_amount: source.total_amount,
    total_currency: source.total_currency,
    maximum_quantity: source.maximum_quantity,
    passenger_ids: source.passenger_ids,
    segment_ids: source.segment_ids,
    metadata: source.type === 'baggage' ? { type: source.metadata.type } : {},
  };
}

/** A Duffel offer as search pages list it. */
export function searchOfferView(source: Offer): SearchOffer {
  return {
    id: source.id,
    expires_at: source.expires_at,
    total_amount: source.total_amount,
    total_currency: source.total_currency,
    base_amount: source.base_amount,
    base_currency: source.base_currency,
    tax_amount: source.tax_amount,
    tax_currency: source.tax_currency,
    owner: carrierFields(source.owner),
    passengers: source.passengers.map((passenger) => ({ id: passenger.id, type: passenger.type })),
    total_emissions_kg: source.total_emissions_kg ?? null,
    slices: source.slices.map(slice),
    cabin_class: offerCabin(source),
    conditions: {
      refundable: source.conditions.refund_before_departure?.allowed === true,
      changeable: source.conditions.change_before_departure?.allowed === true,
    },
    available_services: (source.available_services ?? []).map(service),
    passenger_identity_documents_required: source.passenger_identity_documents_required,
  };
}
