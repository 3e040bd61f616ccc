import { offer } from '@contrail/shared/results/test-support/offer-fixture';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../brand/BrandProvider';
import { FlightDetailsPage } from '../flight/FlightDetailsPage';
import { fakeEngine } from '../test-support/engine';
import { firstPageOffer, loadFirstPageData } from './first-data';
import { makeStore, type AppStore } from './store';
import { validOffer } from '../test-support/offer-validity';

const at = (path: string) => new URL(path, 'https://shop.example');

function renderDetails(store: AppStore, path: string) {
  const router = createMemoryRouter([{ path: '/flight/:id', element: <FlightDetailsPage /> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={store}>
      <BrandProvider brandKey="default">
        <RouterProvider router={router} />
      </BrandProvider>
    </Provider>,
  );
}

describe('firstPageOffer', () => {
  it('is the offer of the details and booking pages, and none elsewhere', () => {
    expect(firstPageOffer(at('/flight/off_1'))).toEqual({ page: 'details', offer: 'off_1' });
    expect(firstPageOffer(at('/flight/off%201'))).toEqual({ page: 'details', offer: 'off 1' });
    expect(firstPageOffer(at('/booking?offer=off_2&adults=1'))).toEqual({ page: 'booking', offer: 'off_2' });
    for (const path of ['/flight/%E0%A4%A', '/flight/a/b', '/booking', '/booking?offer=', '/search?offer=off_3', '/']) {
      expect(firstPageOffer(at(path)), path).toBeUndefined();
    }
  });
});

describe('loadFirstPageData', () => {
  it('has the offer and its validity in the store before the first render, so the details page shows them at once', async () => {
    const { calls } = fakeEngine({
      'GET /api/flights/offer/off_1': [200, offer('off_1')],
      'GET /api/flights/verify-offer/off_1': [200, validOffer()],
    });
    const store = makeStore();
    await loadFirstPageData(store, at('/flight/off_1'));
    renderDetails(store, '/flight/off_1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('JFK to LAX');
    expect(screen.getByText('This offer is available.')).toBeInTheDocument();
    expect(screen.queryByText('Loading flight details...')).not.toBeInTheDocument();
    expect(screen.queryByText(/Checking that this price/)).not.toBeInTheDocument();
    // Asked once each: the page takes both answers over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/flights/offer/off_1',
      '/api/flights/verify-offer/off_1',
    ]);
  });

  it('has the booking page’s offer in the store, and asks nothing of its validity', async () => {
    const { calls } = fakeEngine({ 'GET /api/flights/offer/off_2': [200, offer('off_2')] });
    const store = makeStore();
    await loadFirstPageData(store, at('/booking?offer=off_2&adults=1'));
    expect(calls.map((call) => call.path)).toEqual(['/api/flights/offer/off_2']);
    expect(JSON.stringify(store.getState())).toContain('"id":"off_2"');
  });

  it('lets a failed call through, the page then showing the seed’s error', async () => {
    fakeEngine({
      'GET /api/flights/offer/off_gone': [404, { error: 'NOT_FOUND', message: 'Offer not found' }],
      'GET /api/flights/verify-offer/off_gone': [410, { error: 'OFFER_EXPIRED', message: 'Expired' }],
    });
    const store = makeStore();
    await loadFirstPageData(store, at('/flight/off_gone'));
    renderDetails(store, '/flight/off_gone');
    expect(await screen.findByText('Error Loading Flight Details')).toBeInTheDocument();
    expect(screen.getByText('Unable to retrieve flight offer: Offer not found')).toBeInTheDocument();
  });

  it('lets the app render once its bound has passed when the offer does not come', async () => {
    let answer: (reply: [number, unknown]) => void = () => {};
    fakeEngine({
      'GET /api/flights/offer/off_slow': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/flights/verify-offer/off_slow': [200, validOffer('off_slow')],
    });
    const store = makeStore();
    await loadFirstPageData(store, at('/flight/off_slow'), 50);
    renderDetails(store, '/flight/off_slow');
    expect(screen.getByText('Loading flight details...')).toBeInTheDocument();
    answer([200, offer('off_slow')]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('JFK to LAX');
  });

  it('asks nothing on other pages', async () => {
    const { calls } = fakeEngine({});
    await loadFirstPageData(makeStore(), at('/search?origin=JFK'));
    expect(calls).toEqual([]);
  });
});
