import { isInternationalOffer, PASSPORT_BANNER } from '@contrail/shared/booking/international';
import { isOutAndBack, multiCityRoute, sliceLabel } from '@contrail/shared/flights/slice-label';
import { offerPrice } from '@contrail/shared/booking/offer-price';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import { dayOffset, dayOffsetDescription, dayOffsetLabel } from '@contrail/shared/flights/flight-labels';
import type { SearchSlice } from '@contrail/shared/flights/search-offer';
import { minutesRemaining } from '@contrail/shared/flights/verify-offer';
import { formatDate, formatMinutes, formatPrice, formatTime } from '@contrail/shared/results/format';
import { sliceArrival, sliceDeparture, sliceDurationMinutes } from '@contrail/shared/results/offer-facts';
import {
  backToSearchUrl,
  bookingUrl,
  readFromSearch,
  type PassengerQuery,
} from '@contrail/shared/results/search-links';
import { stopsLabel } from '@contrail/shared/results/stops';
import { passengersSummary } from '@contrail/shared/search/passengers';
import type { RecentOffer } from '../flights/recent-offers.js';

/*
 * The top of an offer's details and booking pages, as the storefront's app first renders them
 * (storefront/src/flight/FlightDetailsPage.tsx, OfferValidity.tsx; src/booking/BookingPage.tsx,
 * StepIndicator.tsx, FlightSummaryCard.tsx): the same elements, classes and text, so the offer is
 * in the page's first HTML (its largest text, Lighthouse's LCP) and looks the same when the app
 * replaces it. Only the offer's public facts: nothing of a traveller's.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every text and attribute value from the offer or the URL goes through this. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

const SVG = (name: string, className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${body}</svg>`;
const ARROW_LEFT = SVG('arrow-left', 'h-4 w-4', '<path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path>');
const CIRCLE_CHECK = SVG(
  'circle-check lucide-check-circle-2',
  'h-4 w-4 text-[#2f7a0e]',
  '<circle cx="12" cy="12" r="10"></circle><path d="m16 9-5.5 5.5L8 12"></path>',
);
const CLOCK = SVG('clock', 'h-4 w-4', '<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>');
const ID_CARD = SVG(
  'id-card',
  'mt-0.5 h-4 w-4 shrink-0',
  '<path d="M13 19a4 4 0 00-8 0"></path><path d="M16 10h2"></path><path d="M16 14h2"></path><circle cx="9" cy="12" r="3"></circle><rect x="2" y="5" width="20" height="14" rx="2"></rect>',
);
const PLANE = SVG(
  'plane',
  'h-3.5 w-3.5',
  '<path d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z"></path>',
);

/** storefront/src/ui/button.ts's buttonClass. */
const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-[var(--radius)] font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-60';
const GHOST_SM = `${BUTTON} text-foreground hover:bg-subtle h-9 px-3 text-sm`;
const PRIMARY_LG = `${BUTTON} bg-primary-surface text-primary-foreground hover:bg-primary-hover h-12 px-6 text-base`;

function dayOffsetMark(from: string | undefined, to: string | undefined): string {
  const days = dayOffset(from, to);
  const label = dayOffsetLabel(days);
  if (!label) return '';
  const description = escapeHtml(dayOffsetDescription(days));
  return `<sup class="ml-0.5 text-xs font-semibold text-destructive-text" title="${description}"><span aria-hidden="true">${escapeHtml(label)}</span><span class="sr-only"> (${description})</span></sup>`;
}

const placeName = (place: { city_name: string; iata_code: string }) => place.city_name || place.iata_code;

/** The details page's validity line once the offer is checked valid, held `minutes` more. */
function validLine(minutes: number): string {
  return (
    `<p role="status" class="flex flex-wrap items-center gap-2 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm">${CIRCLE_CHECK}<span class="font-medium">This offer is available.</span>` +
    `<span class="inline-flex items-center gap-1 text-muted-foreground">${CLOCK}Offers expire after about 30 minutes; this price is held for ${minutes} more minute${minutes === 1 ? '' : 's'}.</span></p>`
  );
}

/** /flight/:id: the sticky bar (wide screens), title, validity and the price bar (phones). */
/** Who travels in which cabin, as the page's address says (the search's cabin, when it carries one). */
function contextOf(counts: PassengerQuery, query: URLSearchParams, pricing: BrandPricing): PricingContext {
  const travellers = counts.adults + counts.children + counts.infants;
  return { pricing, travellers, cabin: readFromSearch(query)?.cabinClass };
}

export function flightDetailsSummary(
  { offer, passengers }: RecentOffer,
  query: URLSearchParams,
  pricing: BrandPricing,
  now: Date,
): string {
  const first = offer.slices[0]!;
  const search = readFromSearch(query);
  const counts: PassengerQuery = search
    ? { adults: search.adultsCount, children: search.childrenCount, infants: search.infantsCount }
    : passengers;
  const travellers = escapeHtml(passengersSummary(counts));
  const price = escapeHtml(
    formatPrice(offerPrice(offer, contextOf(counts, query, pricing)).offerTotal, offer.total_currency),
  );
  const back = escapeHtml(backToSearchUrl(query, null));
  const book = escapeHtml(bookingUrl(offer.id, counts));
  const roundTrip = offer.slices.length > 1;
  const multiCity = !isOutAndBack(offer.slices);
  const route = multiCity
    ? escapeHtml(multiCityRoute(offer.slices))
    : `${escapeHtml(first.origin.iata_code)} ${roundTrip ? '⇄' : '→'} ${escapeHtml(first.destination.iata_code)}`;
  const heading = multiCity
    ? escapeHtml(multiCityRoute(offer.slices, 'to'))
    : `${escapeHtml(placeName(first.origin))} to ${escapeHtml(placeName(first.destination))}`;
  const kind = multiCity ? 'Multi-city' : roundTrip ? 'Round trip' : 'One way';
  const refundable =
    offer.conditions.refundable === true
      ? '<span class="ml-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-[#2f7a0e]">Refundable</span>'
      : '';
  return [
    '<div class="pb-28 md:pb-10">',
    '<div class="sticky top-16 z-30 hidden border-b border-border bg-background/95 backdrop-blur md:block"><div class="mx-auto flex max-w-7xl items-center justify-between gap-4 px-6 py-3">',
    `<div class="flex min-w-0 items-center gap-4"><a class="${GHOST_SM} -ml-2" href="${back}">${ARROW_LEFT}Back to results</a>`,
    `<p class="truncate font-semibold">${route}<span class="ml-2 font-normal text-muted-foreground">${escapeHtml(formatDate(first.segments[0]?.departing_at))}</span></p></div>`,
    `<div class="flex items-center gap-4"><div class="text-right"><p class="text-xs text-muted-foreground">Total price · ${travellers}</p><p class="text-2xl font-bold tabular-nums">${price}</p></div>`,
    `<a class="${PRIMARY_LG}" href="${book}">Book This Flight</a></div>`,
    '</div></div>',
    '<div class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">',
    `<a class="${GHOST_SM} -ml-2 self-start md:hidden" href="${back}">${ARROW_LEFT}Back to results</a>`,
    `<header class="flex flex-col gap-1"><h1 class="text-2xl font-bold sm:text-3xl">${heading}</h1>`,
    `<p class="text-muted-foreground">${kind} · ${escapeHtml(offer.owner.name)} · ${travellers}${refundable}</p></header>`,
    validLine(minutesRemaining(offer.expires_at, now)),
    '</div>',
    '<div class="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"><div class="flex items-center justify-between gap-3 px-4 py-3">',
    `<div><p class="text-xs text-muted-foreground">Total price</p><p class="text-xl font-bold tabular-nums">${price}</p></div>`,
    `<a class="${PRIMARY_LG}" href="${book}">Book Now</a>`,
    '</div></div>',
    '</div>',
  ].join('');
}

const STEPS = ['Passenger Details', 'Seat Selection', 'Payment', 'Confirmation'];

function stepIndicator(): string {
  const steps = STEPS.map((label, index) => {
    const active = index === 0;
    return (
      `<li${active ? ' aria-current="step"' : ''} class="flex flex-col items-center gap-1 text-center sm:flex-row sm:justify-center sm:gap-2">` +
      `<span aria-hidden="true" class="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${active ? 'border-primary-surface text-primary-text' : 'border-border text-muted-foreground'}">${index + 1}</span>` +
      `<span class="text-xs leading-tight sm:text-sm ${active ? 'font-semibold text-foreground' : 'text-muted-foreground'}">${label}</span></li>`
    );
  });
  return `<nav aria-label="Booking progress"><ol class="grid grid-cols-4 gap-2">${steps.join('')}</ol></nav>`;
}

function sliceRow(slice: SearchSlice, label: string): string {
  const departure = sliceDeparture(slice);
  const arrival = sliceArrival(slice);
  const end = (time: string, place: SearchSlice['origin'], align: string) =>
    `<div${align}><p class="text-lg font-bold tabular-nums">${time}</p><p class="font-semibold">${escapeHtml(place.iata_code)}</p><p class="truncate text-xs text-muted-foreground">${escapeHtml(place.city_name)}</p></div>`;
  return (
    `<section aria-label="${label} flight" class="grid gap-2 border-b border-border py-3 last:border-b-0">` +
    `<p class="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">${PLANE} ${label} · ${escapeHtml(formatDate(departure))}</p>` +
    '<div class="grid grid-cols-[1fr_auto_1fr] items-center gap-2">' +
    end(escapeHtml(formatTime(departure)), slice.origin, '') +
    `<div class="text-center text-xs text-muted-foreground"><p>${escapeHtml(formatMinutes(sliceDurationMinutes(slice)))}</p><p class="my-1 h-px w-16 bg-border" aria-hidden="true"></p><p>${escapeHtml(stopsLabel(slice.segments.length))}</p></div>` +
    end(escapeHtml(formatTime(arrival)) + dayOffsetMark(departure, arrival), slice.destination, ' class="text-right"') +
    '</div></section>'
  );
}

function priceLine(label: string, value: string, strong = false): string {
  return strong
    ? `<div class="flex justify-between text-base font-bold"><dt>${label}</dt><dd class="tabular-nums">${value}</dd></div>`
    : `<div class="flex justify-between text-sm"><dt class="text-muted-foreground">${label}</dt><dd class="tabular-nums">${value}</dd></div>`;
}

/** /booking?offer=: the steps, the passenger step's heading (and passport note), the flight summary. */
export function bookingSummary(
  { offer, passengers }: RecentOffer,
  query: URLSearchParams,
  pricing: BrandPricing,
): string {
  const price = offerPrice(offer, contextOf(passengers, query, pricing));
  const money = (amount: number) => escapeHtml(formatPrice(amount, price.currency));
  const note = isInternationalOffer(offer)
    ? `<p role="note" class="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">${ID_CARD}${escapeHtml(PASSPORT_BANNER)}</p>`
    : '';
  return [
    '<div class="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6"><h1 class="sr-only">Book Your Flight</h1>',
    stepIndicator(),
    '<div class="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">',
    `<div class="min-w-0"><div class="grid gap-4"><h2 class="text-2xl font-bold">Passenger Details</h2>${note}</div></div>`,
    '<aside class="lg:sticky lg:top-20"><div class="rounded-xl border border-border bg-background shadow-sm p-4" aria-label="Flight summary" role="region"><h2 class="text-lg font-bold">Flight Summary</h2>',
    ...offer.slices.map((slice, index) => sliceRow(slice, sliceLabel(offer.slices, index))),
    '<dl class="mt-2 grid gap-1 border-t border-border pt-3">',
    priceLine('Base fare', money(price.baseFare)),
    priceLine('Taxes and fees', money(price.taxes)),
    priceLine('Total price', money(price.total), true),
    '</dl></div></aside></div></div>',
  ].join('');
}
