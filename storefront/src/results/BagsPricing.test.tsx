import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import { searchFacets } from '@contrail/shared/results/facets';
import { offer } from '@contrail/shared/results/test-support/offer-fixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { clearPreviousResults } from '../app/local-store';
import { fakeEngine } from '../test-support/engine';
import { SearchResultsPage } from './SearchResultsPage';

const SEARCH =
  '/search?origin=JFK&destination=LAX&departureDate=2026-12-20&adults=1&children=0&infants=0&cabinClass=economy&tripType=one-way';

/** An offer whose segment includes `included` checked bags and that sells one at `bagPrice` (or none). */
function fare(id: string, total: string, included: number, bagPrice: string | null): FlightOffer {
  const built = offer(id, { total_amount: total });
  const segment = built.slices[0]!.segments[0]!;
  segment.passengers = [
    {
      passenger_id: 'pas_1',
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy',
      fare_basis_code: null,
      baggages: [{ type: 'checked', quantity: included }],
    },
  ];
  built.available_services = bagPrice
    ? [
        {
          id: `ase_${id}`,
          type: 'baggage',
          total_amount: bagPrice,
          total_currency: 'USD',
          maximum_quantity: 1,
          passenger_ids: ['pas_1'],
          segment_ids: [segment.id],
          metadata: { type: 'checked' },
          name: 'Checked bag',
          description: 'Checked bag up to 23 kg',
        },
      ]
    : [];
  return built;
}

// Without bags: $123, $148, $111. With one checked bag: $168.50 (bought), $148 (included), $111 without.
const basic = fare('off_basic', '100.00', 0, '45.50');
const standard = fare('off_standard', '120.00', 1, null);
const noBags = fare('off_nobags', '90.00', 0, null);
const all = [noBags, basic, standard];

const card = (id: string) =>
  screen.getAllByRole('article').find((each) =>
    within(each)
      .queryByRole('link', { name: /View details/ })
      ?.getAttribute('href')
      ?.includes(id),
  )!;

beforeEach(() => {
  window.localStorage.clear();
  clearPreviousResults();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('price with my bags (issue 35)', () => {
  it('asks the engine for the bags, prices every card with them and says which fare cannot carry them', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({
      'POST /api/flights/search': (body) => {
        const withBags = (body as { checkedBags?: string }).checkedBags === '1';
        const offers = withBags ? [standard, basic, noBags] : all;
        return [
          200,
          {
            offers,
            facets: searchFacets(all),
            meta: { total: 3, page: 1, limit: 30, sort: 'price-asc', has_more: false },
          },
        ];
      },
    });
    renderRoutes([{ path: '/search', element: <SearchResultsPage /> }], SEARCH);
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(within(card('off_basic')).getByText('$123')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Checked bags'), '1');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ checkedBags: '1' }));
    await waitFor(() => expect(within(card('off_basic')).getByText('$168.50')).toBeInTheDocument());
    expect(within(card('off_basic')).getByText('total with your bags')).toBeInTheDocument();
    expect(within(card('off_standard')).getByText('$148')).toBeInTheDocument();
    expect(within(card('off_nobags')).getByText('This fare cannot carry your checked bags')).toBeInTheDocument();
    // Every offer still shows, in the engine's order; the details links carry the bags to checkout.
    const order = screen.getAllByRole('article').map((each) => each.getAttribute('aria-label'));
    expect(order).toHaveLength(3);
    const link = within(card('off_basic')).getByRole('link', { name: /View details/ });
    expect(link.getAttribute('href')).toContain('checkedBags=1');
  });
});
