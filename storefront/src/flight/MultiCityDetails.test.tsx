import { screen } from '@testing-library/react';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { validOffer } from '../test-support/offer-validity';
import { FlightDetailsPage } from './FlightDetailsPage';

const SLICES = 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-23,CDG-JFK-2026-12-28';

const threeFlights = offer('off_multi', {
  total_amount: '812.00',
  slices: [
    slice([{ from: 'JFK', to: 'LHR', departing: '2026-12-20T18:00', arriving: '2026-12-21T06:00', carrier: 'BA' }]),
    slice([{ from: 'LHR', to: 'CDG', departing: '2026-12-23T09:00', arriving: '2026-12-23T11:15', carrier: 'BA' }]),
    slice([{ from: 'CDG', to: 'JFK', departing: '2026-12-28T11:00', arriving: '2026-12-28T13:40', carrier: 'BA' }]),
  ],
});

beforeEach(() => window.localStorage.clear());

describe('flight details of a multi-city offer (issue 34)', () => {
  it('names the whole route and each flight, and carries the flights to booking and back to the results', async () => {
    fakeEngine({
      'GET /api/flights/offer/off_multi': [200, threeFlights],
      'GET /api/flights/verify-offer/off_multi': [200, validOffer()],
      'GET /api/flights/seatmaps/off_multi': [200, []],
    });
    renderRoutes(
      [
        { path: '/flight/:id', element: <FlightDetailsPage /> },
        { path: '*', element: null },
      ],
      `/flight/off_multi?from_tripType=multi-city&from_slices=${SLICES}&from_adults=1`,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('JFK to LHR to CDG to JFK');
    expect(screen.getByText(/^Multi-city ·/)).toBeInTheDocument();
    for (const [label, text] of [
      ['Flight 1', /^Flight 1: JFK to LHR/],
      ['Flight 2', /^Flight 2: LHR to CDG/],
      ['Flight 3', /^Flight 3: CDG to JFK/],
    ] as const) {
      expect(screen.getByRole('region', { name: label })).toHaveTextContent(text);
    }
    expect(screen.queryByText('Return')).not.toBeInTheDocument();
    // The book link comes once the offer is confirmed still on sale.
    const book = (await screen.findAllByRole('link', { name: 'Book This Flight' }))[0]!;
    expect(new URLSearchParams(book.getAttribute('href')!.split('?')[1]).get('from_slices')).toBe(SLICES);
    const back = screen.getAllByRole('link', { name: 'Back to results' })[0]!;
    expect(new URLSearchParams(back.getAttribute('href')!.split('?')[1]).get('slices')).toBe(SLICES);
  });
});
