import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { TrackPrices } from './TrackPrices';

const SEARCH = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2027-02-10',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  cabinClass: 'economy' as const,
  tripType: 'one-way' as const,
};
const TRACKING_ID = '6f1c0a52-7d55-4b8e-9a43-1f0a2b3c4d5e';

describe('Track prices on the results page', () => {
  it('stays closed (nothing loaded) until asked; signed out, it needs an email and says a confirmation link was sent', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({
      'GET /api/auth/user': [401, { message: 'Not authenticated' }],
      'POST /api/price-tracking': [201, { trackingId: TRACKING_ID, status: 'pending' }],
    });
    renderPage(<TrackPrices search={SEARCH} />, '/search');
    const toggle = screen.getByRole('button', { name: 'Track prices' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);
    await user.click(toggle);
    const form = await screen.findByRole('form', { name: 'Track prices for SEA to SFO' });
    expect(form).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter your email address, or sign in, to track this price',
    );
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your email'), 'watcher@example.com');
    await user.click(screen.getByRole('radio', { name: 'Any day in February 2027 (one way)' }));
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      when: { kind: 'month', month: '2027-02' },
      drop: { kind: 'percent', percent: 10 },
      email: 'watcher@example.com',
    });
  });

  it('signed in, by an amount: no email asked, a drop too small refused in words, then tracking with a link to My Trips', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'POST /api/price-tracking': [201, { trackingId: TRACKING_ID, status: 'active' }],
    });
    renderPage(<TrackPrices search={SEARCH} />, '/search');
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    await screen.findByRole('form');
    await user.click(screen.getByRole('radio', { name: 'An amount' }));
    expect(screen.queryByLabelText('Your email')).not.toBeInTheDocument();
    const amount = screen.getByLabelText('Drop in USD');
    await user.clear(amount);
    await user.type(amount, '0.5');
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount must be at least 1.00');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We will email you when the price drops');
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/my-trips');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      when: { kind: 'date', departureDate: '2027-02-10' },
      drop: { kind: 'amount', amountMinor: 4000 },
    });
  });

  it('says why the engine refused', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'POST /api/price-tracking': [400, { message: 'Invalid request: when: Choose a departure date from today on' }],
    });
    renderPage(<TrackPrices search={SEARCH} />, '/search');
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    await screen.findByRole('form');
    await user.click(screen.getByRole('button', { name: 'Track prices' }));
    // The answer is read through its contract, fetched with the request: a busy machine takes longer.
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Choose a departure date from today on',
    );
  });
});
