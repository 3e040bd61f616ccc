import { searchFacets } from '@contrail/shared/results/facets';
import { DEFAULT_PRICING_CONTEXT } from '@contrail/shared/pricing/price-offer';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { dealPricesFromSale } from '@contrail/shared/search/deals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine } from '../test-support/engine';
import { renderPage } from '../app/test-utils';
import { cheapestOffer, dealOffer } from './deal-offer';
import { DEALS } from './deals-data';
import { Deals } from './Deals';
import { HomePage } from './HomePage';
import { PhoneAgentPage } from './PhoneAgentPage';

/** Each deal route's offers: a dearer non-stop and a cheaper one-stop of another airline. */
function offersFor(origin: string, destination: string) {
  const leg = (from: string, to: string, day: string) => ({
    from,
    to,
    departing: `${day}T08:00`,
    arriving: `${day}T11:00`,
  });
  return [
    offer(`off_${origin}_dear`, {
      total_amount: '500.00',
      owner: { ...offer('x').owner, name: 'Dear Air', iata_code: 'DA' },
      slices: [slice([leg(origin, destination, '2027-01-01')]), slice([leg(destination, origin, '2027-01-08')])],
    }),
    offer(`off_${origin}_cheap`, {
      total_amount: '321.00',
      owner: { ...offer('x').owner, name: `${origin} Cheap Lines` },
      slices: [
        slice([leg(origin, 'HUB', '2027-01-01'), leg('HUB', destination, '2027-01-01')]),
        slice([leg(destination, origin, '2027-01-08')]),
      ],
    }),
  ];
}

/** The engine's answer to a deal's search. */
function dealSearch(body: unknown): [number, unknown] {
  const search = body as { origin: string; destination: string };
  const offers = offersFor(search.origin, search.destination);
  const meta = { total: offers.length, page: 1, limit: 30, sort: 'price-asc', has_more: false };
  return [200, { offers, facets: searchFacets(offers), meta }];
}

describe('home page parts', () => {
  beforeEach(() => {
    fakeEngine({ 'POST /api/flights/search': dealSearch });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('outlines the sections below the hero while they load, then shows them (issue 33: no blank screen)', async () => {
    renderPage(<HomePage />);
    expect(screen.getByTestId('sections-placeholder')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Featured flight deals' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('sections-placeholder')).not.toBeInTheDocument());
  });

  it("asks for the deals' fares only once the section comes near the viewport", async () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { calls } = fakeEngine({ 'POST /api/flights/search': dealSearch });
    renderPage(<Deals />);
    expect(screen.getAllByLabelText('Loading the fare')).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);

    act(() => notify!([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByText('17% OFF')).toHaveLength(4));
    expect(calls).toHaveLength(4);
  });

  it('shows four deals, the first two featured, each opening its round-trip search with adultsCount parameters', async () => {
    renderPage(<Deals />);
    const cards = screen.getAllByRole('link');
    expect(cards).toHaveLength(4);
    await waitFor(() => expect(screen.getAllByText('17% OFF')).toHaveLength(4));
    cards.forEach((card, index) => {
      const deal = DEALS[index]!;
      const url = new URL(card.getAttribute('href')!, 'http://x');
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('origin')).toBe(deal.originCode);
      expect(url.searchParams.get('adultsCount')).toBe('1');
      expect(url.searchParams.get('childrenCount')).toBe('0');
      expect(url.searchParams.get('infantsCount')).toBe('0');
      expect(url.searchParams.get('cabinClass')).toBe('economy');
      expect(url.searchParams.get('departureDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(url.searchParams.get('returnDate')! > url.searchParams.get('departureDate')!).toBe(true);
      // The card's promise is the cheapest offer as the results show it: 321 x 1.23 = 394.83 -> $395.
      const prices = dealPricesFromSale(395);
      expect(within(card).getByText('$395')).toBeInTheDocument();
      expect(within(card).getByText(`$${prices.originalPrice}`)).toBeInTheDocument();
      expect(within(card).getByText(`${deal.originCode} Cheap Lines`)).toBeInTheDocument();
      expect(within(card).getByText('1 stop')).toBeInTheDocument();
      expect(within(card).getByText(/Round trip/)).toBeInTheDocument();
      expect(within(card).getByText(/^Expires in [2-7] hours$/)).toBeInTheDocument();
      expect(within(card).queryByText('Featured') !== null).toBe(index < 2);
    });
  });

  it('makes no promise when the search fails: no price, still the link to the search', async () => {
    fakeEngine({ 'POST /api/flights/search': [502, { message: 'The flight provider is unavailable' }] });
    renderPage(<Deals />);
    await waitFor(() => expect(screen.getAllByText("See today's fares")).toHaveLength(4));
    expect(screen.queryByText('17% OFF')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it('reads the cheapest displayable offer, its airline and its stops', () => {
    const offers = offersFor('JFK', 'LAX');
    expect(cheapestOffer(offers)?.id).toBe('off_JFK_cheap');
    expect(dealOffer(offers, DEFAULT_PRICING_CONTEXT)).toEqual({
      prices: dealPricesFromSale(395),
      airline: 'JFK Cheap Lines',
      stops: '1 stop',
    });
    expect(dealOffer([], DEFAULT_PRICING_CONTEXT)).toBeUndefined();
  });

  it('phone-agent page: every call to action dials the support number, and one link goes back to the search form', () => {
    renderPage(<PhoneAgentPage />, '/phone-agents');
    const telLinks = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'));
    expect(telLinks.length).toBe(5);
    for (const link of telLinks) expect(link).toHaveAttribute('href', 'tel:18885550147');
    expect(screen.getByRole('link', { name: 'Search Flights Instead' })).toHaveAttribute('href', '/#search');
    for (const claim of ['Best Price', '450+', 'Up to 70%', '2M+', 'Under 30s'])
      expect(screen.getByText(claim)).toBeInTheDocument();
    for (const section of [
      'Booking Assistance',
      'Travel Modifications',
      'Travel Advice',
      'Need immediate assistance?',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toContain('travel agent');
  });
});
