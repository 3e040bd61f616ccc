import { dealPrices } from '@contrail/shared/search/deals';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../app/test-utils';
import { DEALS } from './deals-data';
import { Deals } from './Deals';
import { PhoneAgentPage } from './PhoneAgentPage';

describe('home page parts', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows four deals, the first two featured, each a full-page link with adultsCount parameters', () => {
    renderPage(<Deals />);
    const cards = screen.getAllByRole('link');
    expect(cards).toHaveLength(4);
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
      const prices = dealPrices(deal.basePrice);
      expect(within(card).getByText(`$${prices.price}`)).toBeInTheDocument();
      expect(within(card).getByText('17% OFF')).toBeInTheDocument();
      expect(within(card).getByText(/^Expires in [2-7] hours$/)).toBeInTheDocument();
      expect(within(card).queryByText('Featured') !== null).toBe(index < 2);
    });
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
