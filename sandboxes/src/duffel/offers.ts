import { airportByIata, type Airport as ReferenceAirport } from '@contrail/shared';
import { isoDuration, localIso } from '@contrail/shared/reference/local-time';
import { searchAirports } from '@contrail/shared/reference/nearby-airports';
import type { CabinClass } from '@contrail/shared/search/cabin';
import type { Offer, OfferAvailableServiceBaggage, OfferSlice, OfferSliceSegment } from '@duffel/api/types';
import type { AircraftType } from './aircraft.js';
import { offerEmissionsKg, type EmissionsFlight } from './emissions.js';
import { carryOnBagPrice, checkedBagPrice, fareBrands, type FareBrand } from './fare-brands.js';
import { distanceKm } from './geo.js';
import { cabinClasses, cabinFor, cabinMarketingName, CABIN_ORDER, cabinRank } from './network/cabins.js';
import { carrierProfile, sells, type CarrierProfile } from './network/carriers.js';
import { fliesNonstop } from './network/graph.js';
import { ownerOf, routesBetween, type Route } from './network/itineraries.js';
import { regionOf } from './network/regions.js';
import { terminalFor } from './network/terminals.js';
import { offerPassenger, searchPassengers, type SearchPassenger } from './passengers.js';
import { cabinFactor, combinationFactor, fareBeforeJitter, money, passengerFactor, withJitter } from './pricing.js';
import { fnvFinish, fnvStart, fnvUpdate, idFrom, idFromState, randomAt, seededRandom } from './random.js';
import { offerId, type SandboxSearch } from './request-codec.js';
import { sliceOptions, type ScheduledFlight, type SliceOption } from './schedule.js';
import { carrierSurcharge, domesticCountry, flightTaxes, passengerTaxes, ticketTaxRate } from './taxes.js';
import { duffelAirline, duffelAirport } from './places.js';
import {
  CONNECTIONS_INCLUDED,
  HOLD_ELIGIBLE,
  NO_BAGS,
  NO_OFFERS,
  routeKey,
  STOP_IN_SEGMENT,
} from './scenario-routes.js';

export const MAX_OFFERS = 200;
export const OFFER_LIFETIME_MS = 30 * 60_000;
/** Nothing leaves sooner than this after the search: check-in and security take time. */
export const MIN_LEAD_TIME_MS = 2 * 3_600_000;
const MIN_TURNAROUND_MS = 2 * 3_600_000;
const RETURNS_PER_OUTBOUND = 2;

/** One way to fly a slice in the cabin sold: the option, the airline selling it and each flight's cabin. */
interface SliceChoice {
  option: SliceOption;
  owner: CarrierProfile;
  cabins: CabinClass[];
  directKm: number;
  origin: string;
  destination: string;
  /** The distance of its flights, added up. */
  flownKm: number;
  /** sliceCabinFactor(), worked out once: every fare brand of every offer with this slice needs it. */
  cabinFactor: number;
  /** The slice's part of the draft key (see hashDraftKey). */
  keyPart: string;
  /** An adult's government taxes and airport charges on its flights, in USD (taxes.ts). */
  flightTaxes: number;
  /** The best cabin sold on it: the selling airline's surcharge goes by it. */
  topCabin: CabinClass;
  /** The country all its flights stay within (null: it crosses a border). */
  domesticCountry: string | null;
}

type SliceBounds = Pick<SliceChoice, 'directKm' | 'origin' | 'destination'>;

const endsOf = (flight: ScheduledFlight) => ({
  originCountry: flight.leg.from.country_code,
  destinationCountry: flight.leg.to.country_code,
});

function cabinOn(flight: ScheduledFlight, wanted: CabinClass): CabinClass {
  return cabinFor(cabinClasses(flight.leg.carrier, flight.aircraft, endsOf(flight)), wanted, flight.aircraft);
}

/** Whether a flight sells the wanted cabin (a US single-aisle's domestic First stands for business). */
function sellsCabin(flight: ScheduledFlight, wanted: CabinClass): boolean {
  const sold = cabinOn(flight, wanted);
  return sold === wanted || (wanted === 'business' && sold === 'first');
}

const longestFlight = (option: SliceOption) =>
  option.flights.reduce((longest, flight) => (flight.leg.distanceKm > longest.leg.distanceKm ? flight : longest));

/**
 * The options sold in the wanted cabin: those whose longest flight has it. When none has, the
 * next cabin down that some airline sells on the route (as airlines answer a First search on a
 * route without First).
 */
function inCabin(options: SliceOption[], wanted: CabinClass, slice: SliceBounds): SliceChoice[] {
  for (const cabin of [...CABIN_ORDER].reverse().filter((c) => cabinRank(c) <= cabinRank(wanted))) {
    const sold = options.filter((option) => sellsCabin(longestFlight(option), cabin));
    if (sold.length > 0) return sold.map((option) => sliceChoice(option, cabin, slice));
  }
  return [];
}

function sliceChoice(option: SliceOption, cabin: CabinClass, slice: SliceBounds): SliceChoice {
  const cabins = option.flights.map((flight) => cabinOn(flight, cabin));
  const cabinList = cabins.join(',');
  const taxed = option.flights.map((flight, i) => ({
    fromCountry: flight.leg.from.country_code,
    fromAirport: flight.leg.from.iata_code,
    toCountry: flight.leg.to.country_code,
    distanceKm: flight.leg.distanceKm,
    cabin: cabins[i]!,
  }));
  return {
    flightTaxes: taxed.reduce((sum, flight) => sum + flightTaxes(flight), 0),
    topCabin: cabins.reduce((best, next) => (cabinRank(next) > cabinRank(best) ? next : best)),
    domesticCountry: domesticCountry(taxed),
    option,
    owner: ownerOf(option.flights.map((flight) => flight.leg)),
    cabins,
    ...slice,
    flownKm: option.flights.reduce((km, flight) => km + flight.leg.distanceKm, 0),
    cabinFactor: sliceCabinFactor(option, cabins),
    keyPart: option.flights
      .map((f) => `${f.leg.carrier.airline.iata_code}${f.flightNumber}@${f.departsUtc}:${cabinList}`)
      .join('+'),
  };
}

/** Duffel's test route JFK-EWR: hold-eligible offers on a pair no airline really flies. */
function holdRoutes(origin: ReferenceAirport, destination: ReferenceAirport): Route[] {
  return ['B6', 'UA'].map((code) => [
    {
      carrier: carrierProfile(code)!,
      from: origin,
      to: destination,
      distanceKm: Math.max(distanceKm(origin, destination), 60),
      daily: 3,
      trunk: false,
    },
  ]);
}

/** Every timed option of a slice in the cabin wanted, whenever it leaves: the same for every search of it. */
interface SliceChoices {
  options: SliceOption[];
  /** inCabin() of all the options. */
  choices: SliceChoice[];
  bounds: SliceBounds;
  /** When the first option leaves (Infinity without options). */
  earliestUtc: number;
}

// Searches repeat routes and dates: their slices' options, cabins and keys are worked out once (pure, bounded).
const sliceChoicesCache = new Map<string, SliceChoices | null>();
const SLICE_CHOICES_LIMIT = 128;

function sliceChoicesOf(slice: SandboxSearch['slices'][number], search: SandboxSearch): SliceChoices | null {
  const key = `${slice.origin}${slice.destination}${slice.departureDate}${search.maxConnections}${search.cabin}`;
  let found = sliceChoicesCache.get(key);
  if (found === undefined) {
    found = findSliceChoices(slice, search);
    if (sliceChoicesCache.size >= SLICE_CHOICES_LIMIT) sliceChoicesCache.delete(sliceChoicesCache.keys().next().value!);
    sliceChoicesCache.set(key, found);
  }
  return found;
}

function findSliceChoices(slice: SandboxSearch['slices'][number], search: SandboxSearch): SliceChoices | null {
  const key = routeKey(slice.origin, slice.destination);
  const origin = airportByIata(slice.origin);
  const destination = airportByIata(slice.destination);
  if (!origin || !destination || NO_OFFERS.has(key)) return null;
  const hold = HOLD_ELIGIBLE.has(key) || HOLD_ELIGIBLE.has(routeKey(slice.destination, slice.origin));
  const connections = CONNECTIONS_INCLUDED.has(key) ? Math.max(search.maxConnections, 1) : search.maxConnections;
  const routes = hold ? holdRoutes(origin, destination) : routesBetween(origin, destination, connections);
  const directKm = distanceKm(origin, destination);
  const options = routes.flatMap((route) => sliceOptions(route, slice.departureDate, directKm));
  const bounds = { directKm, origin: slice.origin, destination: slice.destination };
  return {
    options,
    choices: inCabin(options, search.cabin, bounds),
    bounds,
    earliestUtc: options.reduce((earliest, option) => Math.min(earliest, option.flights[0]!.departsUtc), Infinity),
  };
}

/** A slice from or to a city (NYC) flies from or to each of its airports, as Duffel's do. */
function choicesForSlice(slice: SandboxSearch['slices'][number], search: SandboxSearch): SliceChoice[] {
  const origins = searchAirports(slice.origin);
  const destinations = searchAirports(slice.destination);
  if (origins.length === 1 && destinations.length === 1) return choicesForAirports(slice, search);
  return origins.flatMap((origin) =>
    destinations.flatMap((destination) =>
      origin === destination ? [] : choicesForAirports({ ...slice, origin, destination }, search),
    ),
  );
}

function choicesForAirports(slice: SandboxSearch['slices'][number], search: SandboxSearch): SliceChoice[] {
  const found = sliceChoicesOf(slice, search);
  if (!found) return [];
  const notBefore = search.createdAtMs + MIN_LEAD_TIME_MS;
  if (found.earliestUtc >= notBefore) return found.choices;
  // Some options leave too soon: the cabin sold may then be another one.
  const options = found.options.filter((option) => option.flights[0]!.departsUtc >= notBefore);
  return inCabin(options, search.cabin, found.bounds);
}

/** Whether the owner of the outbound may sell this return on the same ticket. */
function sameTicket(owner: CarrierProfile, choice: SliceChoice): boolean {
  return choice.option.flights.every((flight) => sells(owner, flight.leg.carrier));
}

/** Outbound choices paired with return choices the same airline sells, same number of stops first. */
function combinations(perSlice: SliceChoice[][], seed: string): SliceChoice[][] {
  const [first, ...others] = perSlice;
  if (!first || others.some((choices) => choices.length === 0)) return [];
  if (others.length === 0) return first.map((choice) => [choice]);
  const random = seededRandom(`combine:${seed}`);
  const combos: SliceChoice[][] = [];
  for (const outbound of first) {
    const stops = outbound.option.flights.length;
    for (let pair = 0; pair < RETURNS_PER_OUTBOUND; pair += 1) {
      // Each later slice leaves at least two hours after the one before it lands.
      let landsUtc = outbound.option.flights.at(-1)!.arrivesUtc;
      const rest: SliceChoice[] = [];
      for (const choices of others) {
        const later = choices.filter(
          (choice) =>
            choice.option.flights[0]!.departsUtc >= landsUtc + MIN_TURNAROUND_MS && sameTicket(outbound.owner, choice),
        );
        const sameOwner = later.filter((choice) => choice.owner === outbound.owner);
        const sameShape = sameOwner.filter((choice) => choice.option.flights.length === stops);
        const pool = sameShape.length > 0 ? sameShape : sameOwner.length > 0 ? sameOwner : later;
        if (pool.length === 0) break;
        const chosen = pool[Math.floor(random() * pool.length)]!;
        rest.push(chosen);
        landsUtc = chosen.option.flights.at(-1)!.arrivesUtc;
      }
      if (rest.length !== others.length) continue;
      const combo = [outbound, ...rest];
      if (!combos.some((existing) => existing.every((choice, i) => choice === combo[i]))) combos.push(combo);
    }
  }
  return combos;
}

interface Draft {
  combo: SliceChoice[];
  brand: FareBrand;
  /** Per slice, the adult fare before its seeded spread (fareBeforeJitter). */
  fares: number[];
  /** The FNV-1a state of the draft key (hashDraftKey), which seeds its order and comparison keys. */
  keyState: number;
  /** The FNV-1a state of `price:<search seed>:<draft key>`, which seeds its prices. */
  priceState: number;
  totalCents: number;
  sortKey: number;
}

interface Price {
  base: number;
  tax: number;
}

interface Context {
  search: SandboxSearch;
  encoded: string;
  passengers: SearchPassenger[];
  daysToDeparture: number;
  seed: string;
  /** The FNV-1a state of `price:<seed>:`, which every draft's price seed starts with. */
  priceSeedState: number;
  /** The FNV-1a state of `<encoded>:`, which every offer's key (`<encoded>:<index>`) starts with. */
  encodedState: number;
  /** The search's instants every offer carries, written once. */
  times: { created: string; expires: string; payBy: string; priceGuaranteed: string };
}

/** Every flight of an itinerary with the cabin sold on it, as the emissions method reads it. */
function emissionsFlights(combo: SliceChoice[]): EmissionsFlight[] {
  return combo.flatMap((choice) =>
    choice.option.flights.map((flight, i) => ({
      aircraft: flight.aircraft,
      greatCircleKm: flight.leg.distanceKm,
      cabin: choice.cabins[i]!,
    })),
  );
}

/** Distance-weighted cabin factor of a slice's flights: a mixed-cabin slice costs in between. */
function sliceCabinFactor(option: SliceOption, cabins: CabinClass[]): number {
  const km = option.flights.reduce((sum, flight) => sum + flight.leg.distanceKm, 0);
  return option.flights.reduce(
    (sum, flight, i) =>
      sum + (cabinFactor(cabins[i]!, flight.aircraft.kind === 'widebody') * flight.leg.distanceKm) / km,
    0,
  );
}

/** Per slice, the adult fare of an itinerary before its seeded spread: the same for all its fare brands. */
function faresOf(combo: SliceChoice[], context: Context): number[] {
  const owner = combo[0]!.owner;
  return combo.map((choice, i) =>
    fareBeforeJitter({
      directKm: choice.directKm,
      flownKm: choice.flownKm,
      flights: choice.option.flights.length,
      owner: { code: owner.airline.iata_code, model: owner.model },
      ownerFliesNonstop: fliesNonstop(owner.airline.iata_code, choice.origin, choice.destination),
      cabinFactor: choice.cabinFactor,
      departureDate: context.search.slices[i]!.departureDate,
      daysToDeparture: context.daysToDeparture,
    }),
  );
}

/** One adult's base fare for the whole journey, in USD: each slice's fare with its seeded spread. */
function adultBaseOf(draft: Pick<Draft, 'fares' | 'priceState'>): number {
  const seed = fnvFinish(draft.priceState);
  let sum = 0;
  for (let i = 0; i < draft.fares.length; i += 1) sum = sum + withJitter(draft.fares[i]!, randomAt(seed, i));
  return sum;
}

/** An itinerary's taxes for an adult: its flights' taxes and the selling airline's surcharges, and the domestic ticket tax rate. */
function journeyTaxes(combo: SliceChoice[]): { fixed: number; rate: number } {
  const model = combo[0]!.owner.model;
  let fixed = 0;
  for (const choice of combo)
    fixed = fixed + choice.flightTaxes + carrierSurcharge(choice.directKm, choice.topCabin, model);
  const country = combo[0]!.domesticCountry;
  const domestic = combo.every((choice) => choice.domesticCountry === country) ? country : null;
  return { fixed, rate: ticketTaxRate(domestic) };
}

const baseCents = (adultBase: number, brand: FareBrand, passenger: SearchPassenger) =>
  Math.round(adultBase * brand.factor * passengerFactor(passenger.kind) * 100);
const taxCents = (base: number, journey: { fixed: number; rate: number }, passenger: SearchPassenger) =>
  Math.round(passengerTaxes(base / 100, journey, passenger.kind) * 100);

/** Base fare and taxes per passenger, in cents, so that base + tax = total exactly. */
function pricesFor(draft: Pick<Draft, 'combo' | 'brand' | 'fares' | 'priceState'>, context: Context): Price[] {
  const adultBase = adultBaseOf(draft) * combinationFactor(context.search.slices);
  const journey = journeyTaxes(draft.combo);
  return context.passengers.map((passenger) => {
    const base = baseCents(adultBase, draft.brand, passenger);
    return { base, tax: taxCents(base, journey, passenger) };
  });
}

/** The total of pricesFor(), without building it: every draft is priced, few are built. */
function totalCentsOf(draft: Pick<Draft, 'combo' | 'brand' | 'fares' | 'priceState'>, context: Context): number {
  const adultBase = adultBaseOf(draft) * combinationFactor(context.search.slices);
  const journey = journeyTaxes(draft.combo);
  let total = 0;
  for (const passenger of context.passengers) {
    const base = baseCents(adultBase, draft.brand, passenger);
    total = total + base + taxCents(base, journey, passenger);
  }
  return total;
}

function isInternational(combo: SliceChoice[]): boolean {
  return combo.some((choice) =>
    choice.option.flights.some((flight) => flight.leg.from.country_code !== flight.leg.to.country_code),
  );
}

/** A US airline's fare within North America (domestic bag rules). */
function isUsDomestic(combo: SliceChoice[]): boolean {
  const owner = combo[0]!.owner;
  return (
    owner.airline.country_code === 'US' &&
    combo.every((choice) =>
      choice.option.flights.every(
        (flight) => regionOf(flight.leg.from.country_code) === 'NA' && regionOf(flight.leg.to.country_code) === 'NA',
      ),
    )
  );
}

const BOOKING_CODES: Record<CabinClass, string> = { economy: 'Y', premium_economy: 'W', business: 'J', first: 'F' };
const brandCodes = new Map<string, string>();

function brandCode(name: string): string {
  let found = brandCodes.get(name);
  if (found === undefined) {
    found = name.replace(/\W/g, '').slice(0, 3).toUpperCase();
    brandCodes.set(name, found);
  }
  return found;
}

function fareBasisCode(cabin: CabinClass, brand: FareBrand, carrier: string): string {
  return `${BOOKING_CODES[cabin]}${brandCode(brand.name)}${carrier}`;
}

interface SegmentInputs {
  flight: ScheduledFlight;
  cabin: CabinClass;
  brand: FareBrand;
  context: Context;
  segmentId: string;
  bagsAllowed: boolean;
}

function terminal(flight: ScheduledFlight, airport: ReferenceAirport, other: ReferenceAirport): string | null {
  return terminalFor({
    airport: airport.iata_code,
    carrier: flight.leg.carrier.airline.iata_code,
    alliance: flight.leg.carrier.alliance,
    international: flight.leg.from.country_code !== flight.leg.to.country_code,
    otherCountry: other.country_code,
  });
}

// Every segment names its aircraft: one frozen object per type, shared, as airports and airlines are (places.ts).
const aircraftObjects = new WeakMap<AircraftType, Readonly<NonNullable<OfferSliceSegment['aircraft']>>>();

function duffelAircraft(aircraft: AircraftType): NonNullable<OfferSliceSegment['aircraft']> {
  let found = aircraftObjects.get(aircraft);
  if (!found) {
    found = Object.freeze({
      id: `arc_${idFrom(`aircraft:${aircraft.iata_code}`)}`,
      name: aircraft.name,
      iata_code: aircraft.iata_code,
    });
    aircraftObjects.set(aircraft, found);
  }
  return found;
}

function segmentFor({ flight, cabin, brand, context, segmentId, bagsAllowed }: SegmentInputs): OfferSliceSegment {
  const carrier = duffelAirline(flight.leg.carrier.airline);
  const code = flight.leg.carrier.airline.iata_code;
  const marketingName = cabinMarketingName(code, cabin, flight.aircraft.kind === 'widebody');
  const fareBasis = fareBasisCode(cabin, brand, code);
  const stops =
    STOP_IN_SEGMENT.has(routeKey(flight.leg.from.iata_code, flight.leg.to.iata_code)) && airportByIata('IST')
      ? [technicalStop(flight, segmentId)]
      : [];
  return {
    id: segmentId,
    origin: duffelAirport(flight.leg.from),
    destination: duffelAirport(flight.leg.to),
    origin_terminal: terminal(flight, flight.leg.from, flight.leg.to),
    destination_terminal: terminal(flight, flight.leg.to, flight.leg.from),
    departing_at: localIso(flight.departsUtc, flight.leg.from.time_zone),
    arriving_at: localIso(flight.arrivesUtc, flight.leg.to.time_zone),
    duration: isoDuration(flight.minutes),
    distance: flight.leg.distanceKm.toFixed(1),
    aircraft: duffelAircraft(flight.aircraft),
    marketing_carrier: carrier,
    marketing_carrier_flight_number: flight.flightNumber,
    operating_carrier: carrier,
    operating_carrier_flight_number: flight.flightNumber,
    stops,
    passengers: context.passengers.map((passenger) => ({
      passenger_id: passenger.id,
      cabin_class: cabin,
      cabin_class_marketing_name: marketingName,
      fare_basis_code: fareBasis,
      baggages:
        passenger.kind === 'infant_without_seat'
          ? []
          : [
              { type: 'checked' as const, quantity: bagsAllowed ? brand.checkedBags : 0 },
              { type: 'carry_on' as const, quantity: brand.carryOnBags },
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

interface BagInputs {
  slices: OfferSlice[];
  context: Context;
  draft: Draft;
  /** The FNV-1a state of the offer key (`<encoded>:<index>`) that its ids are derived from. */
  offerState: number;
}

interface BagKind {
  kind: 'checked' | 'carry_on';
  price: number;
  maximum: number;
  kg: number;
}

interface BagHolder {
  sliceIndex: number;
  passengerId: string;
  segmentIds: string[];
}

function bagService(
  { kind, price, maximum, kg }: BagKind,
  { sliceIndex, passengerId, segmentIds }: BagHolder,
  offerState: number,
): OfferAvailableServiceBaggage {
  return {
    id: `ase_${idFromState(fnvUpdate(offerState, `:${kind}:${sliceIndex}:${passengerId}`))}`,
    type: 'baggage',
    maximum_quantity: maximum,
    passenger_ids: [passengerId],
    segment_ids: segmentIds,
    total_amount: money(price),
    total_currency: 'USD',
    metadata: {
      type: kind,
      maximum_weight_kg: kg,
      maximum_height_cm: null,
      maximum_length_cm: null,
      maximum_depth_cm: null,
    },
  };
}

/** Bags to buy per passenger and slice (Duffel's `available_services`): checked bags, and cabin bags on fares without one. */
function bagServices({ slices, context, draft, offerState }: BagInputs): OfferAvailableServiceBaggage[] {
  const { model } = draft.combo[0]!.owner;
  const usDomestic = isUsDomestic(draft.combo);
  const { brand } = draft;
  const services: OfferAvailableServiceBaggage[] = [];
  slices.forEach((slice, sliceIndex) => {
    const km = slice.segments.reduce((sum, segment) => sum + Number(segment.distance), 0);
    const segmentIds = slice.segments.map((segment) => segment.id);
    const checkedPrice = Math.round(checkedBagPrice(km, model, usDomestic) * (brand.checkedBags > 0 ? 1.4 : 1));
    const [maximum, kg] = model === 'low_cost' ? [3, 20] : [2, 23];
    for (const { id: passengerId, kind } of context.passengers) {
      if (kind === 'infant_without_seat') continue;
      const bag = { sliceIndex, passengerId, segmentIds };
      services.push(bagService({ kind: 'checked', price: checkedPrice, maximum, kg }, bag, offerState));
      if (brand.carryOnBags === 0) {
        services.push(
          bagService({ kind: 'carry_on', price: carryOnBagPrice(km), maximum: 1, kg: 10 }, bag, offerState),
        );
      }
    }
  });
  return services;
}

function buildOffer(draft: Draft, index: number, context: Context): Offer {
  const { search } = context;
  const id = offerId(context.encoded, index);
  // Ids are derived from `<encoded>:<index>:...`: the long common part is hashed once per search.
  const offerState = fnvUpdate(context.encodedState, String(index));
  const route = routeKey(search.slices[0]!.origin, search.slices[0]!.destination);
  const bagsAllowed = !NO_BAGS.has(route);
  const prices = pricesFor(draft, context);
  const base = prices.reduce((sum, price) => sum + price.base, 0);
  const tax = prices.reduce((sum, price) => sum + price.tax, 0);
  const owner = duffelAirline(draft.combo[0]!.owner.airline);
  const premium = draft.combo[0]!.cabins.some((cabin) => cabin !== 'economy');
  const slices: OfferSlice[] = draft.combo.map((choice, sliceIndex) => {
    const segments = choice.option.flights.map((flight, i) =>
      segmentFor({
        flight,
        cabin: choice.cabins[i]!,
        brand: draft.brand,
        context,
        segmentId: `seg_${idFromState(fnvUpdate(offerState, `:${sliceIndex}:${i}`))}`,
        bagsAllowed,
      }),
    );
    return {
      id: `sli_${idFromState(fnvUpdate(offerState, `:${sliceIndex}`))}`,
      origin: segments[0]!.origin,
      destination: segments[segments.length - 1]!.destination,
      origin_type: 'airport',
      destination_type: 'airport',
      duration: isoDuration(choice.option.minutes),
      fare_brand_name: draft.brand.name,
      segments,
      conditions: {
        refund_before_departure: draft.brand.refund,
        change_before_departure: draft.brand.change,
        advance_seat_selection: draft.brand.seatSelection,
        priority_boarding: premium,
        priority_check_in: premium,
      },
      ngs_shelf: null,
      comparison_key: idFromState(fnvUpdate(draft.keyState, `:${sliceIndex}`), 12),
    };
  });
  const international = isInternational(draft.combo);
  const hold = HOLD_ELIGIBLE.has(route);
  const { times } = context;
  const seated = context.passengers.filter((passenger) => passenger.kind !== 'infant_without_seat').length;
  return {
    id,
    live_mode: false,
    created_at: times.created,
    updated_at: times.created,
    expires_at: times.expires,
    partial: false,
    total_amount: money((base + tax) / 100),
    total_currency: 'USD',
    base_amount: money(base / 100),
    base_currency: 'USD',
    tax_amount: money(tax / 100),
    tax_currency: 'USD',
    total_emissions_kg: String(offerEmissionsKg(emissionsFlights(draft.combo), seated)),
    owner,
    passengers: context.passengers.map(offerPassenger),
    slices,
    conditions: { refund_before_departure: draft.brand.refund, change_before_departure: draft.brand.change },
    available_services: bagsAllowed ? bagServices({ slices, context, draft, offerState }) : [],
    passenger_identity_documents_required: international,
    supported_passenger_identity_document_types: international ? ['passport'] : [],
    payment_requirements: {
      requires_instant_payment: !hold,
      payment_required_by: hold ? times.payBy : null,
      price_guarantee_expires_at: hold ? times.priceGuaranteed : null,
    },
    private_fares: [],
    supported_loyalty_programmes: [],
  };
}

/**
 * The FNV-1a state of `state` followed by the draft key, `<brand>|<slice key>/<slice key>...` (see
 * SliceChoice.keyPart), hashed piece by piece: most drafts are never built, so their key is never written.
 */
function hashDraftKey(state: number, brand: FareBrand, combo: SliceChoice[]): number {
  let h = fnvUpdate(fnvUpdate(state, brand.name), '|');
  combo.forEach((choice, i) => {
    if (i > 0) h = fnvUpdate(h, '/');
    h = fnvUpdate(h, choice.keyPart);
  });
  return h;
}

/**
 * A search's offers, cheapest first, at most 200: each priced and ordered at once, but built (ids,
 * segments, bags) only when asked for, as a listing needs only its page, and not kept: rebuilding
 * one takes some 10 µs, while keeping a listed page's offers as long as the sandbox keeps the
 * search (about 100 KB a search) had the garbage collector copy them on every new search.
 * Everything but ids depends only on the route, dates, cabin, passengers, the day the search was
 * made and (for departures within two hours) its time, so it is reproducible.
 */
export class SearchOffers {
  readonly #context: Context;
  readonly #drafts: Draft[];

  constructor(search: SandboxSearch, encoded: string) {
    this.#context = contextOf(search, encoded);
    this.#drafts = draftsOf(search, this.#context);
  }

  get count(): number {
    return this.#drafts.length;
  }

  offer(index: number): Offer | undefined {
    const draft = this.#drafts[index];
    if (!draft) return undefined;
    return buildOffer(draft, index, this.#context);
  }

  all(): Offer[] {
    return this.#drafts.map((_, index) => this.offer(index)!);
  }

  /** The offer's `total_amount` in cents. */
  totalCents(index: number): number {
    return this.#drafts[index]!.totalCents;
  }

  /** The sum of the offer's slice durations (`duration`), in minutes. */
  totalMinutes(index: number): number {
    return this.#drafts[index]!.combo.reduce((sum, choice) => sum + choice.option.minutes, 0);
  }

  /** The most connections in any of the offer's slices. */
  connections(index: number): number {
    return Math.max(...this.#drafts[index]!.combo.map((choice) => choice.option.flights.length - 1));
  }
}

function contextOf(search: SandboxSearch, encoded: string): Context {
  const createdDay = new Date(search.createdAtMs).toISOString().slice(0, 10);
  const seed = `${search.cabin}|${search.maxConnections}|${search.passengers.join('.')}|${search.slices
    .map((s) => `${s.origin}${s.destination}${s.departureDate}`)
    .join('/')}|${createdDay}`;
  return {
    search,
    encoded,
    passengers: searchPassengers(search),
    daysToDeparture: Math.max(
      0,
      (Date.parse(`${search.slices[0]!.departureDate}T00:00:00Z`) - Date.parse(`${createdDay}T00:00:00Z`)) / 86_400_000,
    ),
    seed,
    priceSeedState: fnvStart(`price:${seed}:`),
    encodedState: fnvStart(`${encoded}:`),
    times: {
      created: new Date(search.createdAtMs).toISOString(),
      expires: new Date(search.createdAtMs + OFFER_LIFETIME_MS).toISOString(),
      payBy: new Date(search.createdAtMs + 24 * 3_600_000).toISOString(),
      priceGuaranteed: new Date(search.createdAtMs + 12 * 3_600_000).toISOString(),
    },
  };
}

function draftsOf(search: SandboxSearch, context: Context): Draft[] {
  const perSlice = search.slices.map((slice) => choicesForSlice(slice, search));
  const drafts: Draft[] = [];
  for (const combo of combinations(perSlice, context.seed)) {
    const owner = combo[0]!.owner;
    const cabin = combo[0]!.cabins.reduce((best, next) => (cabinRank(next) > cabinRank(best) ? next : best));
    const fares = faresOf(combo, context);
    const sold = {
      cabin,
      model: owner.model,
      usDomestic: isUsDomestic(combo),
      cabinBagIncluded: owner.cabinBagIncluded,
    };
    for (const brand of fareBrands(sold)) {
      const keyState = hashDraftKey(fnvStart(''), brand, combo);
      const priceState = hashDraftKey(context.priceSeedState, brand, combo);
      const totalCents = totalCentsOf({ combo, brand, fares, priceState }, context);
      drafts.push({ combo, brand, fares, keyState, priceState, totalCents, sortKey: fnvFinish(keyState) });
    }
  }
  drafts.sort((a, b) => a.totalCents - b.totalCents || a.sortKey - b.sortKey);
  return drafts.slice(0, MAX_OFFERS);
}

/** Every offer of a search, built: see SearchOffers. */
export function generateOffers(search: SandboxSearch, encoded: string): Offer[] {
  return new SearchOffers(search, encoded).all();
}
