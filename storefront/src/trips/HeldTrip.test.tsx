import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_EXPIRED_TEXT, HOLD_PRICE_CHANGED_MESSAGE, payHoldRequestSchema } from '@contrail/shared/booking/hold';
import type { BookingHold } from '@contrail/shared/booking/hold-view';
import type { BookingView as PlainView } from '@contrail/shared/booking/view';
import type { WithHold } from '@contrail/shared/booking/hold-view';

type BookingView = WithHold<PlainView>;
import { bookingView } from '../test-support/bookings';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { renderPage } from '../app/test-utils';
import { currentToast, dismissToast } from '../ui/toast-store';
import { MyTripsPage } from './MyTripsPage';

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const hold = (extra: Partial<BookingHold> = {}): BookingHold => ({
  state: 'held',
  paymentRequiredBy: inHours(20),
  priceGuaranteeExpiresAt: inHours(8),
  amount: '553.50',
  currency: 'USD',
  priceChanged: false,
  ...extra,
});
const held = (id: string, status: BookingView['status'], extra: Partial<BookingHold> = {}): BookingView => ({
  ...bookingView({ id, status }),
  hold: hold(extra),
});

async function fillCard(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const field = (name: string) => within(dialog).getByLabelText(name);
  await user.type(field('Card number'), '4242424242424242');
  await user.type(field('Card holder name'), 'Jane Traveller');
  await user.type(field('Month (MM)'), '12');
  await user.type(field('Year (YY or YYYY)'), '34');
  await user.type(field('CVV'), '123');
}

describe('held trips on My Trips', () => {
  it('shows the countdown to the deadline and the price guarantee, and an expired hold as expired', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [held('h1', 'pending'), held('h2', 'cancelled', { state: 'expired' })]],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const card = await screen
      .findByRole('group', { name: 'Held price' })
      .catch(() => screen.findByLabelText('Held price'));
    expect(card).toHaveTextContent(/Held: pay within 19 h 5\d min|Held: pay within 20 h 00 min/);
    expect(card).toHaveTextContent(/Price guaranteed for [78] h/);
    expect(within(card).getByRole('button', { name: 'Pay Now · $553.50' })).toBeInTheDocument();
    expect(screen.getByText('held')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Cancelled/ }));
    expect(await screen.findByText(HOLD_EXPIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('expired')).toBeInTheDocument();
  });

  it('takes the card in the checkout’s own fields: formatted as typed, a month "13" refused as it is typed', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [held('h1', 'pending')]],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'Pay Now · $553.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your held trip' });
    const field = (name: string) => within(dialog).getByLabelText(name);
    await user.type(field('Card number'), '4242424242424242');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(field('Month (MM)'), '13');
    expect(field('Month (MM)')).toHaveValue('1');
  });

  it('pays the held trip; a new price from the airline is shown beside the old one and paid with the same card', async () => {
    const user = userEvent.setup();
    let paid = false;
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': () => [200, [paid ? bookingView({ id: 'h1', status: 'confirmed' }) : held('h1', 'pending')]],
      'POST /api/bookings/h1/pay': (body) => {
        const request = payHoldRequestSchema.parse(body);
        if (request.amount !== 575.0)
          return [
            409,
            {
              message: HOLD_PRICE_CHANGED_MESSAGE,
              code: 'PRICE_CHANGED',
              newPrice: { amount: '575.00', currency: 'USD' },
            },
          ];
        paid = true;
        return [202, { id: 'h1', status: 'paying', message: 'Paying the airline' }];
      },
      'GET /api/bookings/h1': () => [
        200,
        paid ? bookingView({ id: 'h1', status: 'confirmed' }) : held('h1', 'pending'),
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'Pay Now · $553.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your held trip' });
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay Now $553.50' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(HOLD_PRICE_CHANGED_MESSAGE);
    expect(alert).toHaveTextContent('Was $553.50, now $575');
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: /Pay Now \$575/ }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Booking confirmed' }), { timeout: 10_000 });
    const payments = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/pay'));
    expect(payments.map((call) => (call.body as { amount: number }).amount)).toEqual([553.5, 575]);
  });

  it('finishes Pay Now after the bank’s 3-D Secure check: back on My Trips, the payment is checked once, then paid', async () => {
    window.sessionStorage.setItem('contrail.hold-bank-check', JSON.stringify({ tripId: 'h1', paymentId: 'pi_3ds' }));
    let paid = false;
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': () => [200, [paid ? bookingView({ id: 'h1', status: 'confirmed' }) : held('h1', 'pending')]],
      'POST /api/bookings/h1/pay/authentication': () => {
        paid = true;
        return [202, { id: 'h1', status: 'paying', message: 'Paying the airline' }];
      },
      'GET /api/bookings/h1': () => [
        200,
        paid ? bookingView({ id: 'h1', status: 'confirmed' }) : held('h1', 'pending'),
      ],
    });
    const { router } = renderPage(
      <MyTripsPage />,
      '/my-trips?payment_intent=pi_3ds&payment_intent_client_secret=pi_3ds_secret',
    );
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Booking confirmed' }), { timeout: 10_000 });
    const checks = calls.filter((call) => call.path === '/api/bookings/h1/pay/authentication');
    expect(checks.map((call) => call.body)).toEqual([{ paymentId: 'pi_3ds' }]);
    expect(calls.some((call) => call.path === '/api/bookings/h1/pay')).toBe(false);
    expect(window.sessionStorage.getItem('contrail.hold-bank-check')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('shows a failed bank check as the card’s failure, the form ready for another card', async () => {
    window.sessionStorage.setItem('contrail.hold-bank-check', JSON.stringify({ tripId: 'h1', paymentId: 'pi_3ds' }));
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [held('h1', 'pending')]],
      'GET /api/bookings/h1': [200, held('h1', 'pending')],
      'POST /api/bookings/h1/pay/authentication': [
        402,
        { success: false, error: 'PAYMENT_FAILED', message: 'Your bank could not authenticate this payment.' },
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips?payment_intent=pi_3ds');
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your held trip' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your bank could not authenticate this payment.',
    );
    expect(within(dialog).getByRole('button', { name: 'Pay Now $553.50' })).toBeEnabled();
  });
});
