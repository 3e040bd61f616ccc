import { airlineByIata, airportByIata, type Airport as ReferenceAirport } from '@contrail/shared';
import type { CabinClass } from '@contrail/shared/search/cabin';
import { aircraftTypes } from './aircraft.js';
import type { Offer, OfferAvailableServiceBaggage, OfferSlice, OfferSliceSegment } from '../../flights/duffel-types.js';
import { cabinMarketingName, fareBrands, type FareBrand } from './fare-brands.js';
import { distanceKm } from './geo.js';
import { isoDuration, localIso } from './local-time.js';
import { isLowCost, routesBetween, type Leg, type Route } from './network.js';
import { searchPassengers, type SearchPassenger } from './passengers.js';
import { CABIN_FACTOR, money, passengerFactor, sliceBaseFare, taxesFor } from './pricing.js';
import { hash32, idFrom, seededRandom } from './random.js';
import { offerId, type SandboxSearch } from './request-codec.js';
import { sliceOptions, type ScheduledFlight, type SliceOption } from './schedule.js';
import { duffelAirline, duffelAirport } from './places.js';
import { CONNECTIONS_ONLY, HOLD_ELIGIBLE, NO_BAGS, NO_OFFERS, routeKey, STOP_IN_SEGMENT } from './test-routes.js';

export const MAX_OFFERS = 200;
export const OFFER_LIFETIME_MS = 30 * 60_000;
const MIN_TURNAROUND_MS = 2 * 3_600_000;
const CABIN_ORDER: CabinClass[] = ['first', 'business', 'premium_economy', 'economy'];

/** The best cabin the aircraft has at or below the one asked for (a mixed-cabin itinerary otherwise). */
function cabinOn(flight: ScheduledFlight, wanted: CabinClass): CabinClass {
  const available = new Set(flight.aircraft.cabins.map((cabin) => cabin.cabin_class));
  return CABIN_ORDER.slice(CABIN_ORDER.indexOf(wanted)).find((cabin) => available.has(cabin)) ?? 'economy';
}

function forcedHoldRoute(origin: ReferenceAirport, destination: ReferenceAirport): Route[] {
  return ['B6', 'UA'].map((code) => [
    {
      carrier: airlineByIata(code)!,
      from: origin,
      to: destination,
      distanceKm: Math.max(distanceKm(origin, destination), 60),
    },
  ]);
}

function optionsForSlice(slice: SandboxSearch['slices'][number], maxConnections: number): SliceOption[] {
  const key = routeKey(slice.origin, slice.destination);
  const origin = airportByIata(slice.origin);
  const destination = airportByIata(slice.destination);
  if (!origin || !destination || NO_OFFERS.has(key)) return [];
  const holdRoute = HOLD_ELIGIBLE.has(key) || HOLD_ELIGIBLE.has(routeKey(slice.destination, slice.origin));
  let routes = holdRoute
    ? forcedHoldRoute(origin, destination)
    : routesBetween(origin, destination, Math.max(maxConnections, CONNECTIONS_ONLY.has(key) ? 1 : 0));
  if (CONNECTIONS_ONLY.has(key)) routes = routes.filter((route) => route.length > 1);
  return routes.flatMap((route) => sliceOptions(route, slice.departureDate));
}

/** The airline that sells an option: the carrier of its longest flight. */
function ownerOf(option: SliceOption): Leg['carrier'] {
  return option.flights.reduce((longest, flight) => (flight.leg.distanceKm > longest.leg.distanceKm ? flight : longest))
    .leg.carrier;
}

/** Outbound options paired with up to two return options, preferring the same airline. */
function combinations(perSlice: SliceOption[][], seed: string): SliceOption[][] {
  const [first, ...others] = perSlice;
  if (!first || others.some((options) => options.length === 0)) return [];
  const random = seededRandom(`combine:${seed}`);
  const combos: SliceOption[][] = [];
  for (const outbound of first) {
    const owner = ownerOf(outbound).iata_code;
    const pairs = others.length === 0 ? 1 : 2;
    for (let pair = 0; pair < pairs; pair += 1) {
      // Each later slice leaves at least two hours after the one before it lands.
      let landsUtc = outbound.flights.at(-1)!.arrivesUtc;
      const rest: SliceOption[] = [];
      for (const options of others) {
        const later = options.filter((option) => option.flights[0]!.departsUtc >= landsUtc + MIN_TURNAROUND_MS);
        const sameOwner = later.filter((option) => ownerOf(option).iata_code === owner);
        const pool = sameOwner.length > 0 ? sameOwner : later;
        if (pool.length === 0) break;
        const chosen = pool[Math.floor(random() * pool.length)]!;
        rest.push(chosen);
        landsUtc = chosen.flights.at(-1)!.arrivesUtc;
      }
      if (rest.length !== others.length) continue;
      const combo = [outbound, ...rest];
      if (!combos.some((existing) => existing.every((option, i) => option === combo[i]))) combos.push(combo);
    }
  }
  return combos;
}

interface Draft {
  combo: SliceOption[];
  brand: FareBrand;
  totalCents: number;
  sortKey: number;
}

interface Context {
  search: SandboxSearch;
  encoded: string;
  passengers: SearchPassenger[];
  daysToDeparture: number;
  seed: string;
}

function flightCabins(option: SliceOption, cabin: CabinClass): CabinClass[] {
  return option.flights.map((flight) => cabinOn(flight, cabin));
}

function cabinFactorOf(option: SliceOption, cabin: CabinClass): number {
  const km = option.flights.reduce((sum, flight) => sum + flight.leg.distanceKm, 0);
  return flightCabins(option, cabin).reduce(
    (sum, flightCabin, i) => sum + (CABIN_FACTOR[flightCabin] * option.flights[i]!.leg.distanceKm) / km,
    0,
  );
}

/** Base fare and taxes per passenger, in cents, so that base + tax = total exactly. */
function pricesFor(draft: Omit<Draft, 'totalCents' | 'sortKey'>, context: Context, jitterSeed: string) {
  const random = seededRandom(jitterSeed);
  const adultBase = draft.combo.reduce(
    (sum, option, i) =>
      sum +
      sliceBaseFare({
        option,
        cabinFactor: cabinFactorOf(option, context.search.cabin),
        departureDate: context.search.slices[i]!.departureDate,
        daysToDeparture: context.daysToDeparture,
        jitter: random(),
      }),
    0,
  );
  const flights = draft.combo.reduce((sum, option) => sum + option.flights.length, 0);
  return context.passengers.map((passenger) => {
    const base = Math.round(adultBase * draft.brand.factor * passengerFactor(passenger.kind) * 100);
    const tax = Math.round(taxesFor(base / 100, flights, passenger.kind) * 100);
    return { base, tax };
  });
}

function isInternational(combo: SliceOption[]): boolean {
  return combo.some((option) =>
    option.flights.some((flight) => flight.leg.from.country_code !== flight.leg.to.country_code),
  );
}

function segmentFor(
  flight: ScheduledFlight,
  cabin: CabinClass,
  brand: FareBrand,
  context: Context,
  segmentId: string,
  bagsAllowed: boolean,
): OfferSliceSegment {
  const carrier = duffelAirline(flight.leg.carrier);
  const terminal = (airport: ReferenceAirport) => {
    const n = hash32(`terminal:${airport.iata_code}:${flight.leg.carrier.iata_code}`) % 6;
    return n === 0 ? null : String(n);
  };
  const stops =
    STOP_IN_SEGMENT.has(routeKey(flight.leg.from.iata_code, flight.leg.to.iata_code)) && airportByIata('IST')
      ? [technicalStop(flight, segmentId)]
      : [];
  return {
    id: segmentId,
    origin: duffelAirport(flight.leg.from),
    destination: duffelAirport(flight.leg.to),
    origin_terminal: terminal(flight.leg.from),
    destination_terminal: terminal(flight.leg.to),
    departing_at: localIso(flight.departsUtc, flight.leg.from.time_zone),
    arriving_at: localIso(flight.arrivesUtc, flight.leg.to.time_zone),
    duration: isoDuration(flight.minutes),
    distance: flight.leg.distanceKm.toFixed(1),
    aircraft: {
      id: `arc_${idFrom(`aircraft:${flight.aircraft.iata_code}`)}`,
      name: flight.aircraft.name,
      iata_code: flight.aircraft.iata_code,
    },
    marketing_carrier: carrier,
    marketing_carrier_flight_number: flight.flightNumber,
    operating_carrier: carrier,
    operating_carrier_flight_number: flight.flightNumber,
    stops,
    passengers: context.passengers.map((passenger) => ({
      passenger_id: passenger.id,
      cabin_class: cabin,
      cabin_class_marketing_name: cabinMarketingName(cabin),
      fare_basis_code: `${cabin === 'economy' ? 'Y' : cabin === 'premium_economy' ? 'W' : cabin === 'business' ? 'J' : 'F'}${brand.name.slice(0, 2).toUpperCase()}${flight.leg.carrier.iata_code}`,
      baggages:
        passenger.kind === 'infant_without_seat'
          ? []
          : [
              { type: 'checked' as const, quantity: bagsAllowed ? brand.checkedBags : 0 },
              { type: 'carry_on' as const, quantity: 1 },
            ],
      cabin: null,
    })),
  };
}

function technicalStop(flight: ScheduledFlight, segmentId: string): OfferSliceSegment['stops'][number] {
  const stop = airportByIata('IST')!;
  const arrives = flight.departsUtc + Math.round(flight.minutes / 2) * 60_000 - 30 * 60_000;
  const departs = arrives + 60 * 60_000;
  return {
    id: `sto_${idFrom(`${segmentId}:stop`)}`,
    airport: duffelAirport(stop),
    arriving_at: localIso(arrives, stop.time_zone),
    departing_at: localIso(departs, stop.time_zone),
    duration: isoDuration(60),
  };
}

function bagServices(
  slices: OfferSlice[],
  context: Context,
  brand: FareBrand,
  offerKey: string,
): OfferAvailableServiceBaggage[] {
  return slices.flatMap((slice, sliceIndex) => {
    const km = slice.segments.reduce((sum, segment) => sum + Number(segment.distance), 0);
    const price = km < 3000 ? 35 : 70;
    return context.passengers
      .filter((passenger) => passenger.kind !== 'infant_without_seat')
      .map((passenger) => ({
        id: `ase_${idFrom(`${offerKey}:bag:${sliceIndex}:${passenger.id}`)}`,
        type: 'baggage' as const,
        maximum_quantity: Math.max(1, 3 - brand.checkedBags),
        passenger_ids: [passenger.id],
        segment_ids: slice.segments.map((segment) => segment.id),
        total_amount: money(price),
        total_currency: 'USD',
        metadata: {
          type: 'checked' as const,
          maximum_weight_kg: 23,
          maximum_height_cm: null,
          maximum_length_cm: null,
          maximum_depth_cm: null,
        },
      }));
  });
}

function buildOffer(draft: Draft, index: number, context: Context): Offer {
  const { search } = context;
  const id = offerId(context.encoded, index);
  const offerKey = `${context.encoded}:${index}`;
  const route = routeKey(search.slices[0]!.origin, search.slices[0]!.destination);
  const bagsAllowed = !NO_BAGS.has(route);
  const prices = pricesFor(draft, context, `price:${context.seed}:${draftKey(draft)}`);
  const base = prices.reduce((sum, price) => sum + price.base, 0);
  const tax = prices.reduce((sum, price) => sum + price.tax, 0);
  const owner = duffelAirline(ownerOf(draft.combo[0]!));
  const slices: OfferSlice[] = draft.combo.map((option, sliceIndex) => {
    const cabins = flightCabins(option, search.cabin);
    const segments = option.flights.map((flight, i) =>
      segmentFor(
        flight,
        cabins[i]!,
        draft.brand,
        context,
        `seg_${idFrom(`${offerKey}:${sliceIndex}:${i}`)}`,
        bagsAllowed,
      ),
    );
    return {
      id: `sli_${idFrom(`${offerKey}:${sliceIndex}`)}`,
      origin: segments[0]!.origin,
      destination: segments[segments.length - 1]!.destination,
      origin_type: 'airport',
      destination_type: 'airport',
      duration: isoDuration(option.minutes),
      fare_brand_name: draft.brand.name,
      segments,
      conditions: {
        refund_before_departure: draft.brand.refund,
        change_before_departure: draft.brand.change,
        advance_seat_selection: draft.brand.seatSelection,
        priority_boarding: search.cabin !== 'economy',
        priority_check_in: search.cabin !== 'economy',
      },
      ngs_shelf: null,
      comparison_key: idFrom(`${draftKey(draft)}:${sliceIndex}`, 12),
    };
  });
  const international = isInternational(draft.combo);
  const hold = HOLD_ELIGIBLE.has(route);
  const created = new Date(search.createdAtMs).toISOString();
  const km = draft.combo.reduce((sum, option) => sum + option.flights.reduce((s, f) => s + f.leg.distanceKm, 0), 0);
  const seated = context.passengers.filter((passenger) => passenger.kind !== 'infant_without_seat').length;
  return {
    id,
    live_mode: false,
    created_at: created,
    updated_at: created,
    expires_at: new Date(search.createdAtMs + OFFER_LIFETIME_MS).toISOString(),
    partial: false,
    total_amount: money((base + tax) / 100),
    total_currency: 'USD',
    base_amount: money(base / 100),
    base_currency: 'USD',
    tax_amount: money(tax / 100),
    tax_currency: 'USD',
    total_emissions_kg: String(Math.round(km * 0.09 * seated * cabinFactorOf(draft.combo[0]!, search.cabin) ** 0.5)),
    owner,
    passengers: context.passengers.map((passenger) => ({
      id: passenger.id,
      type: passenger.kind,
      age: passenger.age,
      fare_type: null,
    })),
    slices,
    conditions: { refund_before_departure: draft.brand.refund, change_before_departure: draft.brand.change },
    available_services: bagsAllowed ? bagServices(slices, context, draft.brand, offerKey) : [],
    passenger_identity_documents_required: international,
    supported_passenger_identity_document_types: international ? ['passport'] : [],
    payment_requirements: {
      requires_instant_payment: !hold,
      payment_required_by: hold ? new Date(search.createdAtMs + 24 * 3_600_000).toISOString() : null,
      price_guarantee_expires_at: hold ? new Date(search.createdAtMs + 12 * 3_600_000).toISOString() : null,
    },
    private_fares: [],
    supported_loyalty_programmes: [],
  };
}

function draftKey(draft: Pick<Draft, 'combo' | 'brand'>): string {
  return `${draft.brand.name}|${draft.combo
    .map((option) => option.flights.map((f) => `${f.leg.carrier.iata_code}${f.flightNumber}@${f.departsUtc}`).join('+'))
    .join('/')}`;
}

/**
 * Every offer of a search, cheapest first, at most 200. Everything but ids and times depends only
 * on the route, dates, cabin, passengers and the day the search was made, so it is reproducible.
 */
export function generateOffers(search: SandboxSearch, encoded: string): Offer[] {
  const createdDay = new Date(search.createdAtMs).toISOString().slice(0, 10);
  const seed = `${search.cabin}|${search.maxConnections}|${search.passengers.join('.')}|${search.slices
    .map((s) => `${s.origin}${s.destination}${s.departureDate}`)
    .join('/')}|${createdDay}`;
  const context: Context = {
    search,
    encoded,
    passengers: searchPassengers(search),
    daysToDeparture: Math.max(
      0,
      (Date.parse(`${search.slices[0]!.departureDate}T00:00:00Z`) - Date.parse(`${createdDay}T00:00:00Z`)) / 86_400_000,
    ),
    seed,
  };
  const perSlice = search.slices.map((slice) => optionsForSlice(slice, search.maxConnections));
  const drafts: Draft[] = [];
  for (const combo of combinations(perSlice, seed)) {
    const lowCost = isLowCost(ownerOf(combo[0]!));
    for (const brand of fareBrands(search.cabin, lowCost)) {
      const partial = { combo, brand };
      const prices = pricesFor(partial, context, `price:${seed}:${draftKey(partial)}`);
      const totalCents = prices.reduce((sum, price) => sum + price.base + price.tax, 0);
      drafts.push({ ...partial, totalCents, sortKey: hash32(draftKey(partial)) });
    }
  }
  drafts.sort((a, b) => a.totalCents - b.totalCents || a.sortKey - b.sortKey);
  return drafts.slice(0, MAX_OFFERS).map((draft, index) => buildOffer(draft, index, context));
}

export function aircraftByCode(code: string) {
  return aircraftTypes.find((type) => type.iata_code === code);
}
