import { PRICE_CHANGE_TEXT } from '@contrail/shared/booking/price-change';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, type EngineCall } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { domestic, outboundMap, validOffer } from './test-fixtures';
import { fillPassenger, paste, renderBooking } from './test-helpers';

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

type Answer = [number, unknown?];

function engine(overrides: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>) {
  return fakeEngine({
    'GET /api/flights/offer/off_dom': [200, domestic],
    'GET /api/flights/verify-offer/off_dom': validOffer(),
    'GET /api/flights/seatmaps/off_dom': [200, [outboundMap]],
    'GET /api/system/mode': [200, { isLiveMode: false, mode: 'test' }],
    ...overrides,
  });
}

async function payOnce(user: UserEvent) {
  renderBooking('/booking?offer=off_dom&adults=2');
  await screen.findByRole('heading', { name: /Passenger 1/ });
  await fillPassenger(user, 0, 'Ada');
  await fillPassenger(user, 1, 'Charles');
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await user.click(await screen.findByRole('button', { name: 'Skip Seat Selection' }));
  await screen.findByRole('heading', { name: 'Payment' });
  const card: Array<[string, string]> = [
    ['Card number', '4242424242424242'],
    ['Card holder name', 'Ada Lovelace'],
    ['Month (MM)', '12'],
    ['Year (YY or YYYY)', '30'],
    ['CVV', '123'],
  ];
  for (const [label, value] of card) await paste(user, screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
}

const bodiesOf = (calls: EngineCall[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body as Record<string, unknown>);
const confirmed = { id: 'bkg_9', duffelBookingId: 'ord_0000999999', accountCreated: false, status: 'confirmed' };

describe('booking: the price changed before payment (issue 36)', () => {
  it('shows both prices when the card check finds a new total; accepting pays the new total with the form kept', async () => {
    const user = userEvent.setup();
    const { calls } = engine({
      'POST /api/payments/process-card': (body) =>
        (body as { amount: number }).amount === 123
          ? [
              400,
              {
                // The fake checks answers against the process-card contract, which has `success`.
                success: false,
                code: 'AMOUNT_MISMATCH',
                message: "amount: The amount must be the offer's price of USD 150.00",
                errors: [{ path: 'amount', message: "The amount must be the offer's price of USD 150.00" }],
                expected: { amount: 150, currency: 'USD' },
              },
            ]
          : [200, { success: true, paymentId: 'pi_new' }],
      'POST /api/bookings': [201, confirmed],
    });
    await payOnce(user);
    const dialog = await screen.findByRole('dialog', { name: PRICE_CHANGE_TEXT.title });
    expect(dialog).toHaveAccessibleDescription(PRICE_CHANGE_TEXT.description);
    expect(within(dialog).getByText(/^\$123(\.00)?$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^\$150(\.00)?$/)).toBeInTheDocument();
    // Focus is in the dialog, on its first control, and nothing was booked meanwhile.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(bodiesOf(calls, '/api/bookings')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: PRICE_CHANGE_TEXT.accept }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/payments/process-card').map((body) => body.amount)).toEqual([123, 150]);
    const [booking] = bodiesOf(calls, '/api/bookings');
    expect(booking).toMatchObject({
      paymentId: 'pi_new',
      paymentDetails: { amount: 150, currency: 'USD' },
      priceChange: { previousAmount: 123 },
      passengers: [{ firstName: 'Ada' }, { firstName: 'Charles' }],
    });
    expect(document.body.textContent).toContain('Total paid$150');
  });

  it('offers the airline’s new price when the order is refused with PRICE_CHANGED; Escape closes it and nothing is paid again', async () => {
    const user = userEvent.setup();
    const { calls } = engine({
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_1' }],
      'POST /api/bookings': [
        409,
        {
          code: 'PRICE_CHANGED',
          message: 'The airline changed the price',
          newPrice: { amount: 140.5, currency: 'USD' },
        },
      ],
    });
    await payOnce(user);
    const dialog = await screen.findByRole('dialog', { name: PRICE_CHANGE_TEXT.title });
    expect(within(dialog).getByText('$140.50')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: PRICE_CHANGE_TEXT.back })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(calls, '/api/payments/process-card')).toHaveLength(1);
    expect(screen.getByLabelText('Card holder name')).toHaveValue('Ada Lovelace');
  });
});
