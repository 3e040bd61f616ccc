import type { SearchAirport, SearchSlice } from '../flights/search-offer.js';
import { localMs, minutesBetween } from './layovers.js';

/**
 * Minimum connection times in minutes at some large hubs (the shortest an airport publishes for
 * its usual connection), and the default for every other airport. A connection below it is legal
 * only on a single ticket with a fast transfer: travellers should know it is tight.
 */
const MINIMUM_CONNECTION_MINUTES: Readonly<Record<string, number>> = {
  ATL: 55,
  ORD: 50,
  DFW: 45,
  DEN: 45,
  JFK: 75,
  LAX: 70,
  SFO: 60,
  LHR: 60,
  CDG: 60,
  FRA: 45,
  AMS: 50,
  MAD: 45,
  IST: 60,
  DXB: 75,
  DOH: 45,
  SIN: 60,
  HKG: 60,
  NRT: 70,
  SYD: 90,
};
export const DEFAULT_MINIMUM_CONNECTION_MINUTES = 60;

export function minimumConnectionMinutes(airport: string): number {
  return MINIMUM_CONNECTION_MINUTES[airport] ?? DEFAULT_MINIMUM_CONNECTION_MINUTES;
}

export type ConnectionWarningKind = 'overnight' | 'short' | 'airport-change';

export interface Connection {
  /** Where the traveller lands, and where the next flight leaves from (another airport when they differ). */
  arrival: SearchAirport;
  departure: SearchAirport;
  /** Minutes on the ground; null when a time is unreadable. */
  minutes: number | null;
  warnings: ConnectionWarningKind[];
}

const DAY_MS = 86_400_000;
/** A wait that spans 3 am local time is an overnight layover: the traveller spends the night there. */
const SMALL_HOURS_MS = 3 * 3_600_000;

function spansSmallHours(start: number, end: number): boolean {
  const threeAm = Math.floor(start / DAY_MS) * DAY_MS + SMALL_HOURS_MS;
  const next = threeAm >= start ? threeAm : threeAm + DAY_MS;
  return next <= end;
}

/** The connections of a slice with what a traveller should be warned of at each. */
export function sliceConnections(slice: SearchSlice): Connection[] {
  const connections: Connection[] = [];
  for (let index = 0; index < slice.segments.length - 1; index += 1) {
    const arriving = slice.segments[index]!;
    const leaving = slice.segments[index + 1]!;
    const start = localMs(arriving.arriving_at);
    const end = localMs(leaving.departing_at);
    const minutes = Number.isFinite(start) && Number.isFinite(end) && end >= start ? minutesBetween(start, end) : null;
    const warnings: ConnectionWarningKind[] = [];
    if (minutes !== null && spansSmallHours(start, end)) warnings.push('overnight');
    if (minutes !== null && minutes < minimumConnectionMinutes(arriving.destination.iata_code)) warnings.push('short');
    if (arriving.destination.iata_code !== leaving.origin.iata_code) warnings.push('airport-change');
    connections.push({ arrival: arriving.destination, departure: leaving.origin, minutes, warnings });
  }
  return connections;
}

/** The warning as a traveller reads it. */
export function connectionWarningText(kind: ConnectionWarningKind, connection: Connection): string {
  if (kind === 'overnight') return `Overnight layover in ${connection.arrival.city_name}`;
  if (kind === 'short') {
    const minimum = minimumConnectionMinutes(connection.arrival.iata_code);
    return `Short connection in ${connection.arrival.iata_code}: under ${minimum} min`;
  }
  return `Change of airport: ${connection.arrival.iata_code} to ${connection.departure.iata_code}`;
}
