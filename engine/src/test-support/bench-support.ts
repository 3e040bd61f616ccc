/**
 * What the benchmarks that drive real processes share: the machine's load, a process's CPU, the
 * offers of the Duffel sandbox, and a booking made as the storefront makes it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { duffelFlightProvider } from '../flights/duffel-provider.js';
import { bookingBody, shownPrice, TEST_CARD } from '../bookings/test-support/booking-harness.js';

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function post(
  url: string,
  body: unknown,
  key: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * process-card, then the booking, sent again at once while it answers "pending" (202), as the
 * storefront does; `onPending` hears each 202.
 */
export async function bookAsStorefront(
  engine: string,
  offer: FlightOffer,
  email: string,
  name: string,
  onPending: () => void = () => {},
): Promise<void> {
  const card = { offerId: offer.id, ...shownPrice(offer), cardDetails: TEST_CARD };
  const payment = await post(`${engine}/api/payments/process-card`, card, `card-${name}`);
  if (payment.status !== 200) throw new Error(`process-card: ${payment.status} ${JSON.stringify(payment.body)}`);
  const body = bookingBody(offer, String(payment.body.paymentId), email);
  for (;;) {
    const booked = await post(`${engine}/api/bookings`, body, `booking-${name}`);
    if (booked.status === 201 && booked.body.status === 'confirmed') return;
    if (booked.status !== 202) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
    onPending();
  }
}

/** Domestic offers of the Duffel sandbox at `sandboxUrl`, from 20 days ahead on, at least `count`. */
export async function sandboxOffers(sandboxUrl: string, token: string, count: number): Promise<FlightOffer[]> {
  const flights = duffelFlightProvider(() => ({ token, basePath: `${sandboxUrl}/sandbox/duffel/` }));
  const offers: FlightOffer[] = [];
  for (let days = 20; offers.length < count; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const found = await flights.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    offers.push(...found.filter((offer) => !isInternationalOffer(offer)));
  }
  return offers;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Milliseconds of CPU (user + system) a process has used so far; undefined where /proc is not. */
export function cpuMs(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
