import { aircraftFor, blockMinutes, type AircraftType } from './aircraft.js';
import { isLowCost, type Leg, type Route } from './network.js';
import { localIso, utcFromLocal } from './local-time.js';
import { between, hash32, seededRandom } from './random.js';

export const MIN_CONNECTION_MINUTES = 45;
export const MAX_CONNECTION_MINUTES = 8 * 60;

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

function legKey(leg: Leg): string {
  return `${leg.carrier.iata_code}${leg.from.iata_code}${leg.to.iata_code}`;
}

/** Daily departure times (minutes after local midnight) of a leg. */
function dailyDepartures(leg: Leg): number[] {
  const random = seededRandom(`times:${legKey(leg)}`);
  const bothHubs = leg.carrier.hubs.includes(leg.from.iata_code) && leg.carrier.hubs.includes(leg.to.iata_code);
  let count = bothHubs ? 3 : 2;
  if (leg.distanceKm > 7000) count = bothHubs ? 2 : 1;
  if (leg.distanceKm < 1500 && bothHubs) count = 4;
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const windowStart = 6 * 60 + Math.floor((i * 16 * 60) / count);
    times.push(windowStart + between(random, 0, Math.floor((16 * 60) / count / 5) - 1) * 5);
  }
  return times;
}

function flightNumber(leg: Leg, index: number): string {
  const base = isLowCost(leg.carrier) ? 1000 : 1;
  return String(base + (hash32(`fn:${legKey(leg)}:${index}`) % 2999));
}

function flightOn(leg: Leg, localDate: string, index: number, departureMinute: number): ScheduledFlight | undefined {
  const aircraft = aircraftFor(leg.distanceKm, hash32(legKey(leg)), isLowCost(leg.carrier));
  if (!aircraft) return undefined;
  const hh = String(Math.floor(departureMinute / 60)).padStart(2, '0');
  const mm = String(departureMinute % 60).padStart(2, '0');
  const departsUtc = utcFromLocal(`${localDate}T${hh}:${mm}`, leg.from.time_zone);
  const minutes = blockMinutes(leg.distanceKm, aircraft);
  return {
    leg,
    aircraft,
    flightNumber: flightNumber(leg, index),
    departsUtc,
    arrivesUtc: departsUtc + minutes * 60_000,
    minutes,
  };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The first scheduled flight of a leg leaving within the connection window after `arrivesUtc`;
 * failing that, a flight timed to connect (hubs bank their departures after arrival waves).
 */
function connectingFlight(leg: Leg, arrivesUtc: number): ScheduledFlight | undefined {
  const earliest = arrivesUtc + MIN_CONNECTION_MINUTES * 60_000;
  const latest = arrivesUtc + MAX_CONNECTION_MINUTES * 60_000;
  const arrivalLocal = localIso(arrivesUtc, leg.from.time_zone);
  const arrivalDate = arrivalLocal.slice(0, 10);
  const times = dailyDepartures(leg);
  for (const date of [arrivalDate, addDays(arrivalDate, 1)]) {
    for (const [index, minute] of times.entries()) {
      const flight = flightOn(leg, date, index, minute);
      if (flight && flight.departsUtc >= earliest && flight.departsUtc <= latest) return flight;
    }
  }
  const wait = 60 + (hash32(`wait:${legKey(leg)}:${arrivesUtc}`) % 36) * 5;
  const localMinute = Number(arrivalLocal.slice(11, 13)) * 60 + Number(arrivalLocal.slice(14, 16)) + wait;
  const date = localMinute >= 1440 ? addDays(arrivalDate, 1) : arrivalDate;
  return flightOn(leg, date, times.length, localMinute % 1440);
}

/** Every timed option of a route departing on a local date. */
export function sliceOptions(route: Route, departureDate: string): SliceOption[] {
  const [first, ...rest] = route;
  if (!first) return [];
  const options: SliceOption[] = [];
  for (const [index, minute] of dailyDepartures(first).entries()) {
    const start = flightOn(first, departureDate, index, minute);
    if (!start) continue;
    const flights = [start];
    for (const next of rest) {
      const connection = connectingFlight(next, flights[flights.length - 1]!.arrivesUtc);
      if (!connection) break;
      flights.push(connection);
    }
    if (flights.length !== route.length) continue;
    options.push({
      flights,
      minutes: Math.round((flights[flights.length - 1]!.arrivesUtc - start.departsUtc) / 60_000),
    });
  }
  return options;
}
