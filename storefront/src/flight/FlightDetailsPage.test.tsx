import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeatMapView } from '@contrail/shared/flights/seat-map';
import { LAST_SEARCH_KEY } from '@contrail/shared/results/search-links';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine } from '../test-support/engine';
import { renderRoutes } from '../app/test-utils';
import { FlightDetailsPage } from './FlightDetailsPage';
import { validOffer } from '../test-support/offer-validity';

const FROM =
  'from_origin=JFK&from_destination=LAX&from_departureDate=2026-12-20&from_adults=2&from_children=1&from_infants=0';

function render(path: string) {
  return renderRoutes(
    [
      { path: '/flight/:id', element: <FlightDetailsPage /> },
      { path: '*', element: null },
    ],
    path,
  );
}

const connecting = offer('off_1', {
  total_amount: '200.00',
  slices: [
    slice(
      [
        { from: 'JFK', to: 'ORD', departing: '2026-12-20T07:00', arriving: '2026-12-20T08:30', carrier: 'UA' },
        { from: 'ORD', to: 'LAX', departing: '2026-12-20T10:00', arriving: '2026-12-20T12:30', carrier: 'UA' },
      ],
      'PT8H30M',
    ),
  ],
  conditions: {
    refund_before_departure: { allowed: true, penalty_amount: '50.00', penalty_currency: 'USD' },
    change_before_departure: null,
    refundable: true,
    changeable: false,
  },
});

const seatMap: SeatMapView = {
  id: 'sea_1',
  slice_id: connecting.slices[0]!.id,
  segment_id: connecting.slices[0]!.segments[0]!.id,
  cabins: [
    {
      cabin_class: 'economy',
      deck: 0,
      aisles: 1,
      wings: null,
      rows: [
        {
          number: 12,
          sections: [
            { elements: [{ type: 'seat', designator: '12A', available: true }] },
            { elements: [{ type: 'seat', designator: '12C', available: false }] },
          ],
        },
      ],
    },
  ],
};

const valid = [200, validOffer()] as [number, unknown];

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('flight details', () => {
  it('shows the price, booking links with the carried passengers, and each tab', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/flights/offer/off_1': [200, connecting],
      'GET /api/flights/verify-offer/off_1': valid,
      'GET /api/flights/seatmaps/off_1': [200, [seatMap]],
    });
    render(`/flight/off_1?${FROM}`);
    expect(await screen.findByRole('tab', { name: 'Flight Details' })).toHaveAttribute('data-state', 'active');
    expect(screen.getAllByText('$246').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('This offer is available.')).toBeInTheDocument();
    for (const name of ['Book This Flight', 'Book Now']) {
      for (const link of screen.getAllByRole('link', { name })) {
        // Issue 33: the search goes along, for an expiry while booking to return to it.
        expect(link.getAttribute('href')).toMatch(
          /^\/booking\?offer=off_1&adults=2&children=1&infants=0&from_origin=JFK&from_destination=LAX&from_departureDate=2026-12-20/,
        );
      }
    }
    expect(screen.getAllByText(/Flight UA 100/)).toHaveLength(2);
    expect(screen.getByText('Layover in ORD (ORD) · 1h 30m')).toBeInTheDocument();
    expect(screen.getAllByText(/Airbus A320/).length).toBeGreaterThan(0);
    for (const link of screen.getAllByRole('link', { name: 'Back to results' })) {
      expect(link.getAttribute('href')).toMatch(
        /^\/search\?origin=JFK&destination=LAX&departureDate=2026-12-20&adults=2&children=1/,
      );
    }

    await user.click(screen.getByRole('tab', { name: 'Fare Rules' }));
    expect(screen.getByRole('heading', { name: 'Refundable' })).toBeInTheDocument();
    // Issue 33: the airline's own fee, as My Trips and the refund quote show it, and the brand's fee stated.
    expect(screen.getByText(/The airline's fee of \$50 applies/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service fee' })).toBeInTheDocument();
    expect(screen.getByText(/The price includes .+'s service fee of \$46\./)).toBeInTheDocument();
    expect(screen.queryByText(/Extra bags you can add while booking/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No changes' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Seat Maps' }));
    expect(await screen.findByText('Seat selection will be available during booking.')).toBeInTheDocument();
    const map = screen.getByRole('region', { name: /Seat map, JFK to ORD/ });
    expect(within(map).getByRole('img', { name: 'Seat 12A available' })).toBeInTheDocument();
    expect(within(map).getByRole('img', { name: 'Seat 12C taken' })).toBeInTheDocument();
  });

  it('says when seat maps are not available', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/flights/offer/off_1': [200, connecting],
      'GET /api/flights/verify-offer/off_1': valid,
      'GET /api/flights/seatmaps/off_1': [200, []],
    });
    render('/flight/off_1');
    await user.click(await screen.findByRole('tab', { name: 'Seat Maps' }));
    expect(
      await screen.findByText(
        'Seat maps are not available for this flight. You will be able to select seats after booking.',
      ),
    ).toBeInTheDocument();
  });

  it('shows an expired offer with the seed message and no way to book it', async () => {
    fakeEngine({
      'GET /api/flights/offer/off_1': [200, connecting],
      'GET /api/flights/verify-offer/off_1': [
        410,
        {
          valid: false,
          error: 'OFFER_EXPIRED',
          message: 'This flight offer has expired. Please select another flight.',
        },
      ],
    });
    render('/flight/off_1');
    expect(await screen.findByText('This flight offer has expired. Please select another flight.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book This Flight' })).not.toBeInTheDocument();
    for (const name of ['Book This Flight', 'Book Now']) {
      for (const button of screen.getAllByRole('button', { name })) expect(button).toBeDisabled();
    }
  });

  it('stops booking when the held price runs out while the page is open (issue 33)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeEngine({
        'GET /api/flights/offer/off_1': [200, connecting],
        'GET /api/flights/verify-offer/off_1': [
          200,
          { ...validOffer(), expires_at: new Date(Date.now() + 60_000).toISOString(), minutes_remaining: 1 },
        ],
      });
      render('/flight/off_1');
      expect(await screen.findByText('This offer is available.')).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'Book This Flight' }).length).toBeGreaterThan(0);
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(
        await screen.findByText('This flight offer has expired. Please select another flight.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Book This Flight' })).not.toBeInTheDocument();
      for (const button of screen.getAllByRole('button', { name: /^Book/ })) expect(button).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when validity cannot be checked', async () => {
    fakeEngine({
      'GET /api/flights/offer/off_1': [200, connecting],
      'GET /api/flights/verify-offer/off_1': [500, { message: 'boom' }],
    });
    render('/flight/off_1');
    expect(await screen.findByText('Unable to verify offer validity. Please return to search.')).toBeInTheDocument();
  });

  it('shows Error Loading Flight Details with Back to Search to the last saved search', async () => {
    window.localStorage.setItem(
      LAST_SEARCH_KEY,
      JSON.stringify({ origin: 'BOS', destination: 'MIA', departureDate: '2026-12-01' }),
    );
    fakeEngine({
      'GET /api/flights/offer/off_x': [404, { error: 'not_found', message: 'Offer not found' }],
      'GET /api/flights/verify-offer/off_x': [404, { message: 'Offer not found' }],
    });
    render('/flight/off_x');
    expect(await screen.findByRole('heading', { name: 'Error Loading Flight Details' })).toBeInTheDocument();
    expect(screen.getByText('Unable to retrieve flight offer: Offer not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toMatch(
      /^\/search\?origin=BOS&destination=MIA/,
    );
  });

  it("shows the same flights' fare brands side by side, and choosing one switches the offer (issue 35)", async () => {
    const user = userEvent.setup();
    const branded = (id: string, brand: string, total: string) =>
      offer(id, {
        ...connecting,
        id,
        total_amount: total,
        slices: connecting.slices.map((one) => ({ ...one, fare_brand_name: brand })),
      });
    const basic = branded('off_1', 'Basic', '200.00');
    const flex = branded('off_2', 'Flex', '300.00');
    fakeEngine({
      'GET /api/flights/offer/off_1': [200, basic],
      'GET /api/flights/offer/off_2': [200, flex],
      'GET /api/flights/verify-offer/off_1': valid,
      'GET /api/flights/verify-offer/off_2': valid,
      'GET /api/flights/offer/off_1/fare-brands': [200, { offers: [basic, flex] }],
      'GET /api/flights/offer/off_2/fare-brands': [200, { offers: [basic, flex] }],
    });
    const { router } = render(`/flight/off_1?${FROM}`);
    const brands = await screen.findByRole('list', { name: 'Fare brands' });
    expect(within(brands).getAllByRole('listitem')).toHaveLength(2);
    expect(within(brands).getByText('Selected')).toBeInTheDocument();

    await user.click(within(brands).getByRole('link', { name: /^Choose Flex/ }));
    expect(router.state.location.pathname).toBe('/flight/off_2');
    // The search goes along: back to results and booking still know it.
    expect(router.state.location.search).toBe(`?${FROM}`);
    const switched = await screen.findByRole('list', { name: 'Fare brands' });
    expect(await within(switched).findByRole('link', { name: /^Choose Basic/ })).toBeInTheDocument();
  });
});
