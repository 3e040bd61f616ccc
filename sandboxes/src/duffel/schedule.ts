import { utcFromWallClock, zoneOffsetMs } from '@contrail/shared/reference/local-time';
import { aircraftByCode, aircraftFor, blockMinutes, type AircraftType } from './aircraft.js';
import { eastwardComponent } from './geo.js';
import { isOpen, minimumConnectionMinutes, openingHours } from './network/airport-rules.js';
import { isBetweenMajorAirports, legOf, type Leg } from './network/graph.js';
import { THROUGH_FLIGHTS } from './network/trunk-routes.js';
import { hash32 } from './random.js';

/** One scheduled flight on a leg: the same every day, as airline timetables mostly are. */
export interface ScheduledFlight {
  leg: Leg;
  aircraft: AircraftType;
  flightNumber: string;
  departsUtc: number;
  arrivesUtc: number;
  minutes: number;
}

/** A timed way to fly one slice: 1 to 3 flights with connections within bounds. */
export interface SliceOption {
  flights: ScheduledFlight[];
  minutes: number;
}

/** Airports where taxiing and holding add to every block time. */
const CONGESTED = new Set(['LHR', 'JFK', 'LGA', 'EWR', 'CDG', 'ORD', 'ATL', 'LAX', 'SFO', 'HND', 'PEK', 'PVG', 'IST']);
/** Time on the ground at the stop of a through flight (QF1 at Singapore). */
const THROUGH_GROUND_MINUTES = 90;
const DAY_MS = 86_400_000;

/** The longest wait between two flights of one slice: longer on long journeys, where flights are fewer. */
export function maxConnectionMinutes(sliceDistanceKm: number): number {
  if (sliceDistanceKm < 1500) return 5 * 60;
  if (sliceDistanceKm < 8000) return 8 * 60;
  return 12 * 60;
}

/** A flight leaves or lands abroad: customs and passport control lengthen connections. */
function isInternationalLeg(leg: Leg): boolean {
  return leg.from.country_code !== leg.to.country_code;
}

function connectionMinutesAt(airport: string, arriving: Leg, leaving: Leg): number {
  return minimumConnectionMinutes(airport, isInternationalLeg(arriving) || isInternationalLeg(leaving));
}

const legKey = (leg: Leg) => `${leg.carrier.airline.iata_code}${leg.from.iata_code}${leg.to.iata_code}`;

function aircraftOf(leg: Leg, index: number): AircraftType {
  const choice = hash32(`aircraft:${legKey(leg)}`) + index;
  const betweenHubs = isBetweenMajorAirports(leg);
  return aircraftFor(leg.carrier.fleet, leg.distanceKm, choice, !betweenHubs, betweenHubs)!;
}

function minutesOf(leg: Leg, aircraft: AircraftType): number {
  return blockMinutes({
    distanceKm: leg.distanceKm,
    eastward: eastwardComponent(leg.from, leg.to),
    kind: aircraft.kind,
    congested: CONGESTED.has(leg.from.iata_code) || CONGESTED.has(leg.to.iata_code),
  });
}

type Band = [number, number];

/** Flight numbers as airlines allot them: low numbers long haul, four digits on regional aircraft and low-cost carriers. */
function numberBand(leg: Leg, aircraft: AircraftType): Band {
  if (leg.carrier.model === 'low_cost') return [1000, 8999];
  if (aircraft.kind === 'turboprop' || aircraft.kind === 'regional') return [3000, 5999];
  if (leg.distanceKm >= 5000) return [2, 399];
  if (leg.distanceKm >= 1500) return [400, 1999];
  return [1000, 2999];
}

/**
 * The flight number of the `index`-th daily flight: a block of numbers per route, odd leaving the
 * carrier's hub and even coming back, as most airlines number their flights.
 */
function flightNumber(leg: Leg, aircraft: AircraftType, index: number): string {
  const [low, high] = numberBand(leg, aircraft);
  const pair = [leg.from.iata_code, leg.to.iata_code].sort().join('');
  const blocks = Math.floor((high - low) / 20);
  const base = low + (hash32(`fn:${leg.carrier.airline.iata_code}:${pair}`) % blocks) * 20;
  const outbound = leg.carrier.airline.hubs.includes(leg.from.iata_code) ? 1 : 0;
  const even = base - (base % 2);
  return String(even + 2 * index + outbound);
}

// Dates are worked with as day numbers (days since 1970-01-01, a date's midnight as if in UTC):
// no text to parse, write or hash for every flight.
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The day number of the local date in a zone at an instant (the date localIso() writes). */
const localDay = (utcMs: number, timeZone: string) => Math.floor((utcMs + zoneOffsetMs(utcMs, timeZone)) / DAY_MS);

function flightAt(
  leg: Leg,
  day: number,
  minuteOfDay: number,
  aircraft: AircraftType,
  number: string,
  minutes = minutesOf(leg, aircraft),
): ScheduledFlight {
  const departsUtc = utcFromWallClock(day * DAY_MS + minuteOfDay * 60_000, leg.from.time_zone);
  return { leg, aircraft, flightNumber: number, departsUtc, arrivesUtc: departsUtc + minutes * 60_000, minutes };
}

/** The local offset between a leg's destination and origin on a date, in minutes. */
function zoneShift(leg: Leg, day: number): number {
  const noon = day * DAY_MS + DAY_MS / 2;
  return Math.round((zoneOffsetMs(noon, leg.to.time_zone) - zoneOffsetMs(noon, leg.from.time_zone)) / 60_000);
}

const localMinute = (minute: number) => ((minute % 1440) + 1440) % 1440;

const DEPARTURE_STEP = 5;

/**
 * Local departure minutes at which a flight of this length may leave the origin and land at the
 * destination (curfews, night closures); short flights keep to the day.
 */
function validDepartures(leg: Leg, day: number, minutes: number, landsAlsoOk?: (minute: number) => boolean): number[] {
  const shift = zoneShift(leg, day);
  if (landsAlsoOk) return findValidDepartures(leg, minutes, shift, landsAlsoOk);
  // They depend on the date only through the zones' shift, which takes one or two values a year.
  const key = minutes * 10_000 + shift;
  let byKey = validByLeg.get(leg);
  if (!byKey) {
    byKey = new Map();
    validByLeg.set(leg, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    found = findValidDepartures(leg, minutes, shift);
    byKey.set(key, found);
  }
  return found;
}

const validByLeg = new WeakMap<Leg, Map<number, number[]>>();

function findValidDepartures(
  leg: Leg,
  minutes: number,
  shift: number,
  landsAlsoOk = (_minute: number) => true,
): number[] {
  const departures = openingHours(leg.from.iata_code).departures;
  const arrivals = openingHours(leg.to.iata_code).arrivals;
  const dayStart = leg.distanceKm < 3000 ? 6 * 60 : 0;
  const valid: number[] = [];
  for (let minute = dayStart; minute < 24 * 60; minute += DEPARTURE_STEP) {
    const landing = localMinute(minute + minutes + shift);
    if (isOpen(departures, minute) && isOpen(arrivals, landing) && landsAlsoOk(minute)) valid.push(minute);
  }
  return valid;
}

/** A seeded nudge of a departure within its share of the day. */
const jitterOf = (seed: string, index: number) => 0.15 + (hash32(`${seed}:${index}`) % 70) / 100;

/** The `index`-th of `count` departures spread over the valid minutes, nudged by `jitter`. */
function spread(valid: number[], index: number, count: number, jitter: number): number | undefined {
  if (valid.length === 0) return undefined;
  return valid[Math.min(valid.length - 1, Math.floor(((index + jitter) / count) * valid.length))];
}

/** What a leg's `index`-th daily flight is on every date; only its departure time depends on the date. */
interface DailyFlight {
  aircraft: AircraftType;
  minutes: number;
  number: string;
  jitter: number;
}

// Legs are the network's own objects, built once (graph.ts): what they fly every day is worked out once too.
const dailyFlights = new WeakMap<Leg, DailyFlight[]>();

function dailyFlightsOf(leg: Leg): DailyFlight[] {
  let found = dailyFlights.get(leg);
  if (!found) {
    const seed = `dep:${legKey(leg)}`;
    found = Array.from({ length: leg.daily }, (_, index) => {
      const aircraft = aircraftOf(leg, index);
      const minutes = minutesOf(leg, aircraft);
      return { aircraft, minutes, number: flightNumber(leg, aircraft, index), jitter: jitterOf(seed, index) };
    });
    dailyFlights.set(leg, found);
  }
  return found;
}

// Per leg (the network's own objects), per day number: no key text to build and hash on every look-up.
const cache = new Map<Leg, Map<number, ScheduledFlight[]>>();
let cached = 0;
const CACHE_LIMIT = 20_000;

/** Every flight of a leg leaving on a local date, earliest first. */
export function flightsOn(leg: Leg, date: string): ScheduledFlight[] {
  return flightsOnDay(leg, dayOf(date));
}

function flightsOnDay(leg: Leg, day: number): ScheduledFlight[] {
  let byDay = cache.get(leg);
  let flights = byDay?.get(day);
  if (!flights) {
    flights = [...regularFlights(leg, day), ...throughFlights(leg, day)].sort((a, b) => a.departsUtc - b.departsUtc);
    if (cached >= CACHE_LIMIT) {
      cache.clear();
      cached = 0;
      byDay = undefined;
    }
    if (!byDay) {
      byDay = new Map();
      cache.set(leg, byDay);
    }
    byDay.set(day, flights);
    cached += 1;
  }
  return flights;
}

function regularFlights(leg: Leg, day: number): ScheduledFlight[] {
  const flights: ScheduledFlight[] = [];
  const taken = new Set<number>();
  const daily = dailyFlightsOf(leg);
  // Most legs fly one aircraft type all day: its departures are worked out once (validMinutes keeps them).
  let validFor: number | undefined;
  let valid: number[] = [];
  daily.forEach(({ aircraft, minutes, number, jitter }, index) => {
    if (minutes !== validFor) {
      valid = validDepartures(leg, day, minutes);
      validFor = minutes;
    }
    const minute = spread(valid, index, daily.length, jitter);
    if (minute === undefined || taken.has(minute)) return;
    taken.add(minute);
    flights.push(flightAt(leg, day, minute, aircraft, number, minutes));
  });
  return flights;
}

/**
 * A through flight's first leg on a date (QF1 Sydney-Singapore): one aircraft for both legs, timed
 * so that both landings fall in the airports' opening hours.
 */
function throughFirstLeg(through: (typeof THROUGH_FLIGHTS)[number], day: number): ScheduledFlight | undefined {
  const [a, b, c] = through.airports;
  const first = legOf(through.carrier, a, b)!;
  const second = legOf(through.carrier, b, c)!;
  const aircraft = aircraftByCode(through.aircraft)!;
  const firstMinutes = minutesOf(first, aircraft);
  const secondMinutes = minutesOf(second, aircraft);
  const secondArrivals = openingHours(c).arrivals;
  const landsAtEnd = (minute: number) =>
    isOpen(
      secondArrivals,
      localMinute(
        minute + firstMinutes + THROUGH_GROUND_MINUTES + secondMinutes + zoneShift(first, day) + zoneShift(second, day),
      ),
    );
  const valid = validDepartures(first, day, firstMinutes, landsAtEnd);
  const minute = spread(valid, 0, 1, jitterOf(`through:${through.number}`, 0));
  return minute === undefined ? undefined : flightAt(first, day, minute, aircraft, through.number);
}

const throughFlightsByCarrier = new Map<string, typeof THROUGH_FLIGHTS>();
for (const through of THROUGH_FLIGHTS) {
  throughFlightsByCarrier.set(through.carrier, [...(throughFlightsByCarrier.get(through.carrier) ?? []), through]);
}

/** The legs of through flights: the first on its own times, the second after the stop. */
function throughFlights(leg: Leg, day: number): ScheduledFlight[] {
  const ofCarrier = throughFlightsByCarrier.get(leg.carrier.airline.iata_code);
  if (!ofCarrier) return [];
  return ofCarrier.flatMap((through) => {
    const [a, b, c] = through.airports;
    if (leg.from.iata_code === a && leg.to.iata_code === b) {
      const flight = throughFirstLeg(through, day);
      return flight ? [flight] : [];
    }
    if (leg.from.iata_code !== b || leg.to.iata_code !== c) return [];
    // The second leg leaves on `day` at the stop when the first landed there in time for it.
    return [day - 1, day].flatMap((firstDay) => {
      const first = throughFirstLeg(through, firstDay);
      if (!first) return [];
      const departsUtc = first.arrivesUtc + THROUGH_GROUND_MINUTES * 60_000;
      if (localDay(departsUtc, leg.from.time_zone) !== day) return [];
      const minutes = minutesOf(leg, first.aircraft);
      const arrivesUtc = departsUtc + minutes * 60_000;
      return [{ leg, aircraft: first.aircraft, flightNumber: through.number, departsUtc, arrivesUtc, minutes }];
    });
  });
}

/** The first flight of `leg` leaving within the connection window after `arrivesUtc` at its origin. */
function connectingFlight(previous: ScheduledFlight, leg: Leg, maxWait: number): ScheduledFlight | undefined {
  const earliest = previous.arrivesUtc + connectionMinutesAt(leg.from.iata_code, previous.leg, leg) * 60_000;
  const latest = previous.arrivesUtc + maxWait * 60_000;
  const arrivalDay = localDay(previous.arrivesUtc, leg.from.time_zone);
  const onDay = (day: number) =>
    flightsOnDay(leg, day).find((flight) => flight.departsUtc >= earliest && flight.departsUtc <= latest);
  // The next day only when the window reaches past this one's flights.
  return onDay(arrivalDay) ?? onDay(arrivalDay + 1);
}

/** Every timed option of a route leaving on a local date. */
export function sliceOptions(route: Leg[], departureDate: string, sliceDistanceKm: number): SliceOption[] {
  const [first, ...rest] = route;
  if (!first) return [];
  const maxWait = maxConnectionMinutes(sliceDistanceKm);
  const options: SliceOption[] = [];
  for (const start of flightsOnDay(first, dayOf(departureDate))) {
    const flights = [start];
    for (const next of rest) {
      const connection = connectingFlight(flights[flights.length - 1]!, next, maxWait);
      if (!connection) break;
      flights.push(connection);
    }
    if (flights.length !== route.length) continue;
    options.push({ flights, minutes: Math.round((flights.at(-1)!.arrivesUtc - start.departsUtc) / 60_000) });
  }
  return options;
}
