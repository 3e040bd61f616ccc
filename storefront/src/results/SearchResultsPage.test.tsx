import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchFiltersSchema } from '@contrail/shared/flights/search-filters';
import { searchFacets } from '@contrail/shared/results/facets';
import { filterOffers } from '@contrail/shared/results/filters';
import { LAST_SEARCH_KEY } from '@contrail/shared/results/search-links';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine } from '../test-support/engine';
import { renderRoutes } from '../app/test-utils';
import { SearchForm } from '../search/SearchForm';
import { SearchResultsPage } from './SearchResultsPage';
import { clearPreviousResults } from '../app/local-store';

const LOADING = 'Searching for the best flight deals. Results will appear in a few seconds...';
const SEARCH =
  '/search?origin=JFK&destination=LAX&departureDate=2026-12-20&adults=1&children=0&infants=0&cabinClass=economy&tripType=one-way';

function Where() {
  return null;
}

function render(path = SEARCH) {
  return renderRoutes(
    [
      { path: '/search', element: <SearchResultsPage /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
}

const leg = (carrier: string, departing: string, arriving: string) => ({
  from: 'JFK',
  to: 'LAX',
  departing,
  arriving,
  carrier,
});
const cheap = offer('off_cheap', {
  total_amount: '100.00',
  slices: [slice([leg('AA', '2026-12-20T08:00', '2026-12-20T11:15')], 'PT6H15M')],
});
const refundable = offer('off_refund', {
  total_amount: '250.00',
  slices: [slice([leg('DL', '2026-12-20T19:30', '2026-12-20T22:45')], 'PT6H15M')],
  conditions: { refund_before_departure: null, change_before_departure: null, refundable: true, changeable: true },
});
const broken = offer('off_broken', { slices: [{ ...cheap.slices[0]!, segments: [] }] });

function firstPage(offers = [cheap, refundable, broken], total = offers.length, sort = 'price-asc') {
  const facets = searchFacets(offers.filter((each) => each.slices[0]!.segments.length > 0));
  return [200, { offers, facets, meta: { total, page: 1, limit: 30, sort, has_more: false } }] as [number, unknown];
}

/** The engine's first page as it filters every offer found: the filters read from the request. */
function filteringEngine(all: SearchOffer[]) {
  return (body: unknown): [number, unknown] => {
    const offers = filterOffers(all, searchFiltersSchema.parse(body));
    const meta = { total: offers.length, page: 1, limit: 30, sort: 'price-asc', has_more: false };
    return [200, { offers, facets: searchFacets(all), meta }];
  };
}

const never = () => new Promise<never>(() => {});

beforeEach(() => {
  window.localStorage.clear();
  clearPreviousResults();
  // Radix sliders measure themselves.
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

describe('search results states', () => {
  it('shows the loading banner with three skeletons while the search runs', async () => {
    fakeEngine({ 'POST /api/flights/search': never });
    render();
    expect(
      await screen.findByText('Searching for the best flight deals. Results will appear in a few seconds...'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
  });

  it('refreshes on request, showing up to 3 offers already found as previews under the banner', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 5 }, (_, index) => offer(`off_${index}`, { total_amount: `${100 + index}.00` }));
    let answer: () => [number, unknown] | Promise<never> = () => firstPage(many);
    const { calls } = fakeEngine({ 'POST /api/flights/search': () => answer() });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    answer = never;
    await user.click(screen.getByRole('button', { name: 'Refresh Results' }));
    expect(await screen.findByText(LOADING)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows the error state with the wrapped message and Try Again', async () => {
    fakeEngine({
      'POST /api/flights/search': [502, { error: 'provider_error', message: 'The flight provider is unavailable' }],
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Error Loading Flights' })).toBeInTheDocument();
    expect(screen.getByText('Unable to search flights: The flight provider is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // Issue 20: never only Try Again; and never a server's error page as text.
    expect(screen.getByRole('link', { name: 'New Search' })).toHaveAttribute('href', '/#search');
  });

  it('never shows raw server HTML in the error text (issue 20)', async () => {
    fakeEngine({
      'POST /api/flights/search': () => [502, '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Error Loading Flights' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent(/<|Bad Gateway<\/h1>/);
    expect(screen.getByText(/^Unable to search flights: 502: /)).toBeInTheDocument();
  });

  it('fails without the required parameters, naming the seed message', async () => {
    const { calls } = fakeEngine({});
    render('/search?origin=JFK');
    expect(await screen.findByRole('heading', { name: 'Error Loading Flights' })).toBeInTheDocument();
    expect(screen.getByText('Missing required flight search parameters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Search' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/flights'))).toHaveLength(0);
  });

  it('shows the empty state with New Search', async () => {
    fakeEngine({ 'POST /api/flights/search': firstPage([]) });
    render();
    expect(await screen.findByRole('heading', { name: 'No Flights Found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria or filters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Search' })).toHaveAttribute('href', '/#search');
  });

  it('lists the offers it can show, with the summary, prices and badges, and saves the search', async () => {
    const { calls } = fakeEngine({ 'POST /api/flights/search': firstPage() });
    render();
    const list = await screen.findByRole('list', { name: 'Flight offers' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('$123')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('08:00')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('6h 15m')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Non-stop')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Refundable')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Refundable')).toBeInTheDocument();
    expect(
      within(cards[0]!)
        .getByRole('link', { name: /View details/ })
        .getAttribute('href'),
    ).toMatch(/^\/flight\/off_cheap\?from_origin=JFK&from_destination=LAX/);
    expect(screen.getByText('One Way')).toBeInTheDocument();
    expect(screen.getByText('Economy')).toBeInTheDocument();
    expect(screen.queryByText('Nearby airports included')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modify Search' })).toHaveAttribute('href', '/#search');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/flights/search',
      body: { origin: 'JFK', destination: 'LAX', limit: 30 },
    });
    expect(JSON.parse(window.localStorage.getItem(LAST_SEARCH_KEY)!)).toMatchObject({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: '2026-12-20',
    });
  });

  it('with nearby airports, asks the engine for them and says which airport a flight uses when not the one typed (issue 34)', async () => {
    const toBurbank = offer('off_bur', {
      total_amount: '90.00',
      slices: [slice([{ ...leg('AS', '2026-12-20T07:00', '2026-12-20T10:00'), from: 'EWR', to: 'BUR' }], 'PT6H')],
    });
    const { calls } = fakeEngine({ 'POST /api/flights/search': firstPage([toBurbank, cheap]) });
    render(`${SEARCH.replace('origin=JFK', 'origin=NYC')}&nearbyAirports=1`);
    const list = await screen.findByRole('list', { name: 'Flight offers' });
    const [nearby, typed] = within(list).getAllByRole('article');
    const notes = within(nearby!).getByRole('list', { name: 'Other airports' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Lands at .*\(BUR\), not LAX$/)]);
    expect(screen.getByText('Nearby airports included')).toBeInTheDocument();
    // JFK is one of New York's airports: nothing to say.
    expect(within(typed!).queryByRole('list', { name: 'Other airports' })).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({ body: { origin: 'NYC', destination: 'LAX', nearbyAirports: true } });
    expect(
      within(nearby!)
        .getByRole('link', { name: /View details/ })
        .getAttribute('href'),
    ).toContain('from_nearbyAirports=1');
  });

  it("shows each traveller's share beside the total for more than one (issue 33)", async () => {
    fakeEngine({ 'POST /api/flights/search': firstPage() });
    render(SEARCH.replace('adults=1', 'adults=2'));
    const list = await screen.findByRole('list', { name: 'Flight offers' });
    const [first] = within(list).getAllByRole('article');
    expect(within(first!).getByText('$123')).toBeInTheDocument();
    expect(within(first!).getByText('$62 per person')).toBeInTheDocument();
  });

  it('shows no per-person price for one traveller', async () => {
    fakeEngine({ 'POST /api/flights/search': firstPage() });
    render();
    const list = await screen.findByRole('list', { name: 'Flight offers' });
    expect(within(list).queryByText(/per person/)).not.toBeInTheDocument();
  });

  it('asks the engine to filter every offer found, says how many match of all, and shows No Matching Flights (issue 33)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({ 'POST /api/flights/search': filteringEngine([cheap, refundable]) });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(screen.getByText('Showing 2 of 2 flights')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Show Filters/ }));
    const panel = await screen.findByRole('region', { name: 'Filters' });
    await user.click(within(panel).getByRole('checkbox', { name: /Refundable only/ }));
    expect(await screen.findByText('1 of 2 flights match your filters')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(calls.at(-1)!.body).toMatchObject({ refundable: 'true', sort: 'price-asc' });
    await user.click(within(panel).getByRole('checkbox', { name: /Qantas/ }));
    expect(await screen.findByRole('heading', { name: 'No Matching Flights' })).toBeInTheDocument();
    expect(calls.at(-1)!.body).toMatchObject({ refundable: 'true', airlines: 'QF' });
    expect(screen.getByText('Try adjusting your filters to see more results')).toBeInTheDocument();
    expect(within(panel).getByLabelText('2 active')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Show Filters/ })).toHaveFocus();
  });

  it('says when nobody sells the cabin asked for on the route, and not when it is sold (issue 33 item 10)', async () => {
    const inBusiness = { ...cheap, cabin_class: 'business' as const };
    fakeEngine({ 'POST /api/flights/search': () => firstPage([inBusiness]) });
    const view = render(SEARCH.replace('cabinClass=economy', 'cabinClass=first'));
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(
      screen.getByText(
        'No airline sells First Class on this route. These flights are in the best cabin sold: Business.',
      ),
    ).toBeInTheDocument();
    view.unmount();
    fakeEngine({ 'POST /api/flights/search': () => firstPage([inBusiness]) });
    render(SEARCH.replace('cabinClass=economy', 'cabinClass=business'));
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(screen.queryByText(/No airline sells/)).not.toBeInTheDocument();
  });

  it('asks the engine for every offer found in the chosen order, and keeps the sort in the URL (issue 20)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({
      'POST /api/flights/search': (body) => {
        const sort = (body as { sort: string }).sort;
        // The engine sorts: the page shows its order as it comes.
        if (sort === 'price-asc') return firstPage(undefined, 3, sort);
        return firstPage([refundable, cheap], 2, sort);
      },
    });
    const view = render();
    await screen.findByRole('list', { name: 'Flight offers' });
    const prices = () => screen.getAllByRole('article').map((card) => within(card).getByText(/^\$/).textContent);
    expect(prices()).toEqual(['$123', '$308']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-desc');
    // The page asks the engine again in the new order: the cards follow once it answers.
    await waitFor(() => expect(prices()).toEqual(['$308', '$123']));
    expect(view.router.state.location.search).toContain('sort=price-desc');
    await waitFor(() => expect(calls.map((call) => (call.body as { sort: string }).sort)).toContain('price-desc'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'duration-asc');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ sort: 'duration-asc', limit: 30 }));
  });

  it('opens Modify Search with the current search filled in (issue 20)', async () => {
    const user = userEvent.setup();
    fakeEngine({ 'POST /api/flights/search': firstPage() });
    const view = renderRoutes(
      [
        { path: '/search', element: <SearchResultsPage /> },
        { path: '/', element: <SearchForm onSearch={vi.fn()} /> },
      ],
      SEARCH.replace('tripType=one-way', 'returnDate=2026-12-27&tripType=round-trip'),
    );
    await screen.findByRole('list', { name: 'Flight offers' });
    await user.click(screen.getByRole('link', { name: 'Modify Search' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    // Named from the airport table, which loads with the form.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('New York (JFK)'));
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('Los Angeles (LAX)');
    expect(screen.getByRole('button', { name: /Departure/ })).toHaveTextContent('Dec 20, 2026');
    expect(screen.getByRole('button', { name: /Return/ })).toHaveTextContent('Dec 27, 2026');
    expect(screen.getByRole('checkbox', { name: /Include nearby airports/ })).not.toBeChecked();
  });

  it('opens Modify Search with nearby airports still ticked (issue 34)', async () => {
    const user = userEvent.setup();
    fakeEngine({ 'POST /api/flights/search': firstPage() });
    const view = renderRoutes(
      [
        { path: '/search', element: <SearchResultsPage /> },
        { path: '/', element: <SearchForm onSearch={vi.fn()} /> },
      ],
      `${SEARCH}&nearbyAirports=1`,
    );
    await screen.findByRole('list', { name: 'Flight offers' });
    await user.click(screen.getByRole('link', { name: 'Modify Search' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('checkbox', { name: /Include nearby airports/ })).toBeChecked();
  });

  it('offers Load More without a count while the engine has not read every offer yet', async () => {
    const offers = Array.from({ length: 30 }, (_, index) =>
      offer(`off_${index}`, { total_amount: `${100 + index}.00` }),
    );
    fakeEngine({
      'POST /api/flights/search': [
        200,
        {
          offers,
          facets: searchFacets(offers),
          meta: { total: 30, page: 1, limit: 30, sort: 'price-asc', has_more: true },
        },
      ],
    });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(screen.getByText('Showing 30 of 30 flights')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument();
  });

  it('shows the first six cards until the place of the rest comes within a screen of the view (issue 38)', async () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    const margins: string[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof notify, options: { rootMargin: string }) {
          notify = callback;
          margins.push(options.rootMargin);
        }
        observe() {}
        disconnect() {}
      },
    );
    const offers = Array.from({ length: 30 }, (_, index) =>
      offer(`off_${index}`, { total_amount: `${100 + index}.00` }),
    );
    fakeEngine({ 'POST /api/flights/search': firstPage(offers) });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    // The list grows one step per frame (a frame, then a task): ten such turns would have shown 30.
    for (let turn = 0; turn < 10; turn += 1) {
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    }
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(margins).toEqual(['100% 0px']);

    act(() => notify!([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
  });

  it('loads 100 more as seed 000 §4: previousResults stored, page from previousCount, merged, flags removed', async () => {
    const user = userEvent.setup();
    const firstOffers = Array.from({ length: 30 }, (_, index) =>
      offer(`off_${index}`, { total_amount: `${100 + index}.00` }),
    );
    const more = [
      ...firstOffers.slice(25),
      ...Array.from({ length: 20 }, (_, index) => offer(`more_${index}`, { total_amount: `${50 + index * 10}.00` })),
    ];
    // Hold the next page until the button has shown what it is doing.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const engine = fakeEngine({
      'POST /api/flights/search': firstPage(firstOffers, 150),
      'GET /api/flights/search': async () => {
        await gate;
        const page = { total_count: 150, page: 1, limit: 100, sort: 'price-asc', has_more: false };
        return [200, { offers: more, facets: searchFacets([...firstOffers, ...more]), ...page }];
      },
    });
    const view = render();
    await screen.findByRole('list', { name: 'Flight offers' });
    // The first cards come at once, the rest a few per frame.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: /Back to First Page/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('button', { name: 'Loading next 100 flights...' })).toBeDisabled();
    expect(view.router.state.location.search).toContain('showMore=true&previousCount=30');
    release();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(50));
    const loadMore = engine.calls.filter((call) => call.method === 'GET');
    expect(loadMore).toHaveLength(1);
    expect(loadMore[0]!.body).toMatchObject({ page: '1', limit: '100', sort: 'price-asc' });
    expect(JSON.parse(window.localStorage.getItem('previousResults')!).offers).toHaveLength(30);
    await waitFor(() => expect(view.router.state.location.search).not.toContain('showMore'));
    expect(view.router.state.location.search).not.toContain('previousCount');
    const prices = screen.getAllByRole('article').map((card) => within(card).getByText(/^\$/).textContent);
    expect(prices[0]).toBe('$62');

    await user.click(screen.getByRole('button', { name: /Back to First Page/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
  });
});
