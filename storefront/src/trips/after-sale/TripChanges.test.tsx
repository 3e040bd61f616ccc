import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingPurchase, ChangeOfferView, ExtraOption } from '@contrail/shared/booking/after-sale';
import type { SeatMapElementView, SeatMapView } from '@contrail/shared/flights/seat-map';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../test-support/bookings';
import { fakeEngine, signedInUser } from '../../test-support/engine';
import { renderPage } from '../../app/test-utils';
import { MyTripsPage } from '../MyTripsPage';

afterEach(() => vi.unstubAllGlobals());

const changeOffer: ChangeOfferView = {
  id: 'oco_1',
  fareDifference: '40.00',
  penalty: '75.00',
  amount: '115.00',
  currency: 'USD',
  expiresAt: '2026-11-22T10:30:00Z',
  flights: [
    {
      origin: 'JFK',
      destination: 'LAX',
      departingAt: '2026-12-23T08:00:00',
      arrivingAt: '2026-12-23T11:00:00',
      flightNumbers: ['AA 100'],
    },
  ],
};
const bag: ExtraOption = {
  serviceId: 'ase_1',
  kind: 'checked',
  name: 'Checked bag',
  description: 'Checked bag up to 23 kg',
  passengerIds: ['pas_1'],
  route: 'New York (JFK) to Los Angeles (LAX)',
  maximumQuantity: 2,
  price: '35.00',
  currency: 'USD',
};
const card = { number: '4242424242424242', month: '12', year: '34', cvv: '123', name: 'Ada Lovelace' };

async function openDetails() {
  const user = userEvent.setup();
  renderPage(<MyTripsPage />, '/my-trips');
  await user.click(await screen.findByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
  return { user, dialog };
}

async function payByCard(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Card Number'), card.number);
  await user.type(within(dialog).getByLabelText('Expiry Month'), card.month);
  await user.type(within(dialog).getByLabelText('Expiry Year'), card.year);
  await user.type(within(dialog).getByLabelText('CVV'), card.cvv);
  await user.type(within(dialog).getByLabelText('Name on Card'), card.name);
}

describe('changes and extras on My Trips', () => {
  it('changes the date: shows the fare difference and penalty, pays exactly the amount shown', async () => {
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/bookings/c1': [200, bookingView({ id: 'c1', status: 'confirmed' })],
      'POST /api/bookings/c1/changes/search': [200, [changeOffer]],
      'POST /api/bookings/c1/changes': [
        200,
        {
          success: true,
          message: 'Your flights have been changed',
          purchase: {
            purchaseId: 'oce_1',
            kind: 'change',
            amount: '115.00',
            currency: 'USD',
            at: '2026-11-22T10:05:00Z',
          },
        },
      ],
    });
    const { user, dialog } = await openDetails();
    await user.click(await within(dialog).findByRole('button', { name: 'Change date' }));
    await user.selectOptions(within(dialog).getByLabelText('Flight to change'), '1');
    await user.type(within(dialog).getByLabelText('New date'), '2026-12-23');
    await user.click(within(dialog).getByRole('button', { name: 'Find flights' }));
    const offers = await within(dialog).findByRole('list', { name: 'New flights' });
    expect(offers).toHaveTextContent('Fare difference $40 · Change penalty $75');
    expect(offers).toHaveTextContent('To pay: $115');
    await user.click(within(offers).getByRole('radio'));
    await payByCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $115 and change' }));
    expect(await within(dialog).findByText('Your flights have been changed')).toBeInTheDocument();
    const search = calls.find((call) => call.path.endsWith('/changes/search'));
    expect(search?.body).toEqual({ slices: [{ sliceIndex: 1, departureDate: '2026-12-23' }] });
    const paid = calls.find((call) => call.path.endsWith('/c1/changes'));
    expect(paid?.body).toMatchObject({
      changeOfferId: 'oco_1',
      amount: '115.00',
      currency: 'USD',
      cardDetails: { number: card.number },
    });
  });

  it('adds a bag for the amount shown and lists what was bought', async () => {
    const view = bookingView({ id: 'c1', status: 'confirmed' });
    const purchases: BookingPurchase[] = [
      {
        purchaseId: 'xtr_1',
        kind: 'extras',
        amount: '70.00',
        currency: 'USD',
        at: '2026-11-22T10:05:00Z',
        bags: [{ kind: 'checked', quantity: 2, passenger_ids: ['pas_1'], segment_ids: ['seg_JFK'] }],
        seats: [],
      },
    ];
    // The engine adds what was bought after booking to the booking's answer.
    const bought = { ...view, bookingData: { ...view.bookingData, purchases } };
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bought]],
      'GET /api/bookings/c1': [200, bought],
      'GET /api/bookings/c1/extras': [200, [bag]],
      'POST /api/bookings/c1/extras': [200, { success: true, message: 'Your bags have been added' }],
    });
    const { user, dialog } = await openDetails();
    const listed = await within(dialog).findByRole('region', { name: 'Changes and extras' });
    expect(listed).toHaveTextContent('2 checked bags · $70');
    await user.click(within(dialog).getByRole('button', { name: 'Add bags' }));
    await user.selectOptions(
      await within(dialog).findByLabelText('Checked bag for New York (JFK) to Los Angeles (LAX)'),
      '2',
    );
    await payByCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $70 and add bags' }));
    expect(await within(dialog).findByText('Your bags have been added')).toBeInTheDocument();
    const paid = calls.find((call) => call.method === 'POST' && call.path.endsWith('/extras'));
    expect(paid?.body).toMatchObject({ bags: [{ serviceId: 'ase_1', quantity: 2 }], amount: '70.00', currency: 'USD' });
  });

  it('adds seats from the trip seat map for the amount shown and lists them', async () => {
    const seat = (designator: string, amount: string | null): SeatMapElementView => ({
      type: 'seat',
      designator,
      name: null,
      disclosures: [],
      available: amount !== null,
      available_services:
        amount === null
          ? []
          : ['pas_1', 'pas_2'].map((passenger) => ({
              id: `ase_${designator}_${passenger}`,
              passenger_id: passenger,
              total_amount: amount,
              total_currency: 'USD',
            })),
    });
    const map: SeatMapView = {
      id: 'sea_1',
      slice_id: 'sli_2',
      segment_id: 'seg_LAX',
      cabins: [
        {
          cabin_class: 'economy',
          deck: 0,
          aisles: 1,
          wings: null,
          rows: [
            {
              number: 14,
              sections: [{ elements: [seat('14A', '15.00'), seat('14B', null)] }, { elements: [seat('14C', '0.00')] }],
            },
          ],
        },
      ],
    };
    const view = bookingView({ id: 'c1', status: 'confirmed' });
    const purchases: BookingPurchase[] = [
      {
        purchaseId: 'xtr_2',
        kind: 'extras',
        amount: '15.00',
        currency: 'USD',
        at: '2026-11-22T10:05:00Z',
        bags: [],
        seats: [{ passenger_id: 'pas_2', segment_id: 'seg_JFK', designator: '12B' }],
      },
    ];
    const bought = { ...view, bookingData: { ...view.bookingData, purchases } };
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bought]],
      'GET /api/bookings/c1': [200, bought],
      'GET /api/bookings/c1/seats': [200, { seatMaps: [map] }],
      'POST /api/bookings/c1/extras': [200, { success: true, message: 'Your seats have been added' }],
    });
    const { user, dialog } = await openDetails();
    const listed = await within(dialog).findByRole('region', { name: 'Changes and extras' });
    expect(listed).toHaveTextContent('Seat 12B · $15');
    expect(calls.some((call) => call.path.endsWith('/seats'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Add seats' }));
    const picker = await within(dialog).findByRole('region', { name: 'Seat map, LAX to JFK · AA100' });
    expect(within(picker).getByRole('button', { name: 'Seat 14B, unavailable' })).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: /^Seat 14A, available/ }));
    await user.click(within(dialog).getByRole('radio', { name: /^Charles Babbage/ }));
    await user.click(within(picker).getByRole('button', { name: /^Seat 14C, available/ }));
    const chosen = within(dialog).getByRole('list', { name: 'Seats chosen' });
    expect(chosen).toHaveTextContent('Ada Lovelace: seat 14A · $15');
    expect(chosen).toHaveTextContent('Charles Babbage: seat 14C · Free');
    await payByCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15 and add seats' }));
    expect(await within(dialog).findByText('Your seats have been added')).toBeInTheDocument();
    const paid = calls.find((call) => call.method === 'POST' && call.path.endsWith('/extras'));
    expect(paid?.body).toEqual({
      seats: [{ serviceId: 'ase_14A_pas_1' }, { serviceId: 'ase_14C_pas_2' }],
      amount: '15.00',
      currency: 'USD',
      cardDetails: expect.objectContaining({ number: card.number }),
      returnPath: '/my-trips',
    });
  });

  it('goes to the bank when the card asks for its 3-D Secure check, keeping the trip and purchase', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/bookings/c1': [200, bookingView({ id: 'c1', status: 'confirmed' })],
      'GET /api/bookings/c1/extras': [200, [bag]],
      'POST /api/bookings/c1/extras': [
        202,
        {
          success: false,
          error: 'AUTHENTICATION_REQUIRED',
          message: 'Your bank asks you to confirm this payment.',
          paymentId: 'pi_3ds',
          // A hash: the one navigation the test's browser performs.
          redirectUrl: '#bank',
          purchase: {
            purchaseId: 'xtr_3ds',
            kind: 'extras',
            amount: '35.00',
            currency: 'USD',
            at: '2026-11-22T10:05:00Z',
          },
        },
      ],
    });
    const { user, dialog } = await openDetails();
    await user.click(await within(dialog).findByRole('button', { name: 'Add bags' }));
    await user.selectOptions(
      await within(dialog).findByLabelText('Checked bag for New York (JFK) to Los Angeles (LAX)'),
      '1',
    );
    await payByCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $35 and add bags' }));
    expect(await within(dialog).findByText('Taking you to your bank to confirm this payment…')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#bank'));
    expect(JSON.parse(window.sessionStorage.getItem('contrail.purchase-bank-check') ?? 'null')).toEqual({
      tripId: 'c1',
      purchaseId: 'xtr_3ds',
      paymentId: 'pi_3ds',
    });
    window.sessionStorage.clear();
    window.location.hash = '';
  });

  it('finishes the purchase once back from the bank: the trip opens, the payment is checked once, the address cleaned', async () => {
    window.sessionStorage.setItem(
      'contrail.purchase-bank-check',
      JSON.stringify({ tripId: 'c1', purchaseId: 'xtr_3ds', paymentId: 'pi_3ds' }),
    );
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/bookings/c1': [200, bookingView({ id: 'c1', status: 'confirmed' })],
      'POST /api/bookings/c1/purchases/xtr_3ds/authentication': [
        200,
        { success: true, message: 'Your bags have been added' },
      ],
    });
    const { router } = renderPage(<MyTripsPage />, '/my-trips?payment_intent=pi_3ds&payment_intent_client_secret=s');
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Your bags have been added')).toBeInTheDocument();
    const checks = calls.filter((call) => call.path.endsWith('/authentication'));
    expect(checks.map((call) => call.body)).toEqual([{ paymentId: 'pi_3ds' }]);
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/extras'))).toBe(false);
    expect(window.sessionStorage.getItem('contrail.purchase-bank-check')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a failed bank check as the card’s failure', async () => {
    window.sessionStorage.setItem(
      'contrail.purchase-bank-check',
      JSON.stringify({ tripId: 'c1', purchaseId: 'xtr_3ds', paymentId: 'pi_3ds' }),
    );
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/bookings/c1': [200, bookingView({ id: 'c1', status: 'confirmed' })],
      'POST /api/bookings/c1/purchases/xtr_3ds/authentication': [
        402,
        { success: false, error: 'PAYMENT_FAILED', message: 'Your bank could not authenticate this payment.' },
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips?payment_intent=pi_3ds');
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your bank could not authenticate this payment.',
    );
  });
});
