import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRefund, CancellationQuote } from '@contrail/shared/booking/refund';
import type { BookingView, ViewStatus } from '@contrail/shared/booking/view';
import { bookingView } from '../test-support/bookings';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { renderPage } from '../app/test-utils';
import { currentToast, dismissToast } from '../ui/toast-store';
import { MyTripsPage, PENDING_REFRESH_MS } from './MyTripsPage';

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

const quote: CancellationQuote = {
  quoteId: 'ore_q1',
  paid: '553.50',
  refund: '400.00',
  currency: 'USD',
  kept: [
    {
      kind: 'airline_fee',
      label: 'Airline cancellation fee',
      amount: '50.00',
      reason: "Kept by the airline under your fare's rules.",
    },
    {
      kind: 'service_fee',
      label: 'Service fee',
      amount: '103.50',
      reason: 'Not refundable under our cancellation policy.',
    },
  ],
  refundTo: { method: 'card', cardLast4: '4242' },
  timing:
    'We ask the airline for the refund within 24-48 hours; it then reaches your card within 7 to 30 business days.',
  expiresAt: '2026-11-22T10:15:00Z',
};
const refund: BookingRefund = {
  amount: '400.00',
  currency: 'USD',
  status: 'issued',
  cardLast4: '4242',
  kept: quote.kept,
  timing: quote.timing,
};

const booking = (
  id: string,
  status: ViewStatus,
  extra: Partial<BookingView> = {},
  cancellable = true,
  refunded: BookingRefund | null = null,
): BookingView => ({ ...bookingView({ id, status, cancellable, refund: refunded }), ...extra });

describe('My Trips', () => {
  it('asks signed-out visitors to sign in', async () => {
    fakeEngine({ 'GET /api/auth/user': [401, { message: 'Not authenticated' }] });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your trips' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it('shows the sign-in prompt when the list answers "Not authenticated"', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [401, { message: 'Not authenticated' }],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your trips' })).toBeInTheDocument();
  });

  it('groups trips in tabs with counts and empty states; bookingData may be a JSON string, its currency USD by default', async () => {
    const user = userEvent.setup();
    const pending = booking('p1', 'pending');
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [
        200,
        [
          booking('c1', 'confirmed'),
          { ...pending, bookingData: JSON.stringify({ ...pending.bookingData, total_currency: undefined }) },
          booking('d1', 'completed'),
        ],
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByRole('tab', { name: 'Upcoming 2' })).toHaveAttribute('data-state', 'active');
    expect(screen.getByRole('tab', { name: 'Past 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled 0' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('JFK → LAX');
    expect(cards[0]).toHaveTextContent('Round Trip');
    expect(cards[0]).toHaveTextContent('Sun, Dec 20 – Sun, Dec 27');
    expect(cards[0]).toHaveTextContent('2 passengers');
    expect(cards[0]).toHaveTextContent('$553.50');
    // The pending one came as JSON text without a currency: USD (seed 001 §3).
    expect(cards[1]).toHaveTextContent('$553.50');
    expect(cards[0]).toHaveTextContent('ORD_C1XY');
    await user.click(screen.getByRole('tab', { name: 'Cancelled 0' }));
    expect(screen.getByText("You don't have any cancelled trips.")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past 1' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when a pending booking waits for an airline that is not answering, and that the card is only held', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [
        200,
        [booking('p1', 'pending', { pendingReason: 'airline-not-answering' }), booking('p2', 'pending')],
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const [waiting, other] = await screen.findAllByRole('article');
    expect(waiting).toHaveTextContent('pending: the airline is not answering, your card is only held');
    expect(other).not.toHaveTextContent('the airline is not answering');
  });

  it('says the trips cannot be loaded when the answer breaks its contract', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [{ ...booking('c1', 'confirmed'), status: 'lost' }]],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your trips');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows empty states when there are no trips', async () => {
    fakeEngine({ 'GET /api/auth/user': [200, signedInUser], 'GET /api/bookings': [200, []] });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByText("You don't have any upcoming trips.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search Flights' })).toHaveAttribute('href', '/');
  });

  it('opens the details and cancels a confirmed booking, then refreshes the list', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': () => [200, [booking('c1', cancelled ? 'cancelled' : 'confirmed')]],
      'GET /api/bookings/c1': () => [
        200,
        booking('c1', cancelled ? 'cancelled' : 'confirmed', {}, true, cancelled ? refund : null),
      ],
      'POST /api/bookings/c1/cancellation-quote': [200, quote],
      'POST /api/bookings/c1/cancel': () => {
        cancelled = true;
        return [200, { success: true, message: 'Booking cancelled', refund: { amount: '400.00', currency: 'USD' } }];
      },
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('ORD_C1XY');
    expect(dialog).toHaveTextContent('confirmed');
    expect(dialog).toHaveTextContent('Outbound: JFK City (JFK) to LAX City (LAX)');
    expect(dialog).toHaveTextContent('AA 100 (American Airlines) JFK 08:00 → LAX 11:00');
    expect(dialog).toHaveTextContent('Ada Lovelace');
    expect(dialog).toHaveTextContent('Charles Babbage');
    expect(dialog).toHaveTextContent("Refundable before departure, the airline's cancellation fee $50");
    expect(dialog).toHaveTextContent('12A · Ada Lovelace · AA 100 JFK → LAX');
    // Issue 36: every flight as a calendar file.
    expect(within(dialog).getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
      'href',
      '/api/bookings/c1/calendar.ics',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    // Issue 20 item 2: the quote first, with the refund, the fees kept and why, the card, the timing, the expiry.
    const shown = await within(dialog).findByRole('group', { name: 'Refund quote' });
    expect(shown).toHaveTextContent('You paid$553.50');
    expect(shown).toHaveTextContent('Airline cancellation fee kept');
    expect(shown).toHaveTextContent('−$50');
    expect(shown).toHaveTextContent('Service fee kept');
    expect(shown).toHaveTextContent('Refund$400');
    expect(shown).toHaveTextContent('The refund goes to your card ending 4242.');
    expect(shown).toHaveTextContent('7 to 30 business days');
    expect(shown).toHaveTextContent(/valid until \d{2}:\d{2}/);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Booking' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Booking cancelled',
        description: '$400 will be refunded to your card ending 4242.',
      }),
    );
    const cancel = calls.find((call) => call.path === '/api/bookings/c1/cancel');
    expect(cancel?.body).toEqual({ quoteId: 'ore_q1' });
    expect(await screen.findByRole('tab', { name: 'Cancelled 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming 0' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/bookings').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the refund of each card payment when a change and a bag were paid after booking (issue 36)', async () => {
    const user = userEvent.setup();
    const severalPayments: CancellationQuote = {
      ...quote,
      paid: '718.50',
      refund: '565.00',
      payments: [
        { label: 'Your booking', paid: '553.50', refund: '400.00' },
        { label: 'Extras added after booking', paid: '45.00', refund: '45.00' },
        { label: 'Change of flights', paid: '120.00', refund: '120.00' },
      ],
    };
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('c1', 'confirmed')]],
      'GET /api/bookings/c1': [200, booking('c1', 'confirmed')],
      'POST /api/bookings/c1/cancellation-quote': [200, severalPayments],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel Booking' }));
    const shown = await within(dialog).findByRole('group', { name: 'Refund quote' });
    expect(shown).toHaveTextContent('You paid$718.50');
    expect(shown).toHaveTextContent('Refund$565');
    expect(shown).toHaveTextContent('You paid in 3 card payments; each is refunded separately:');
    const lines = within(shown)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Your booking ($553.50 paid)$400 back',
      'Extras added after booking ($45 paid)$45 back',
      'Change of flights ($120 paid)$120 back',
    ]);
  });

  it('lists the bags bought at checkout in the trip details, whose they are, the flights and their price', async () => {
    const user = userEvent.setup();
    const withBags = bookingView({
      id: 'b1',
      status: 'confirmed',
      bookingData: {
        bags: [
          {
            kind: 'checked',
            quantity: 1,
            passenger_ids: ['pas_1'],
            segment_ids: ['seg_JFK'],
            amount: '45.00',
            currency: 'USD',
          },
          {
            kind: 'checked',
            quantity: 2,
            passenger_ids: ['pas_2'],
            segment_ids: ['seg_LAX'],
            amount: '90.00',
            currency: 'USD',
          },
        ],
      },
    });
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [withBags]],
      'GET /api/bookings/b1': [200, withBags],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const bags = await within(dialog).findByRole('region', { name: 'Bags' });
    const lines = within(bags).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '1 checked bag · Ada Lovelace · JFK → LAX · $45',
      '2 checked bags · Charles Babbage · LAX → JFK · $90',
    ]);
  });

  it('shows no bags section for a booking without bags', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('c1', 'confirmed')]],
      'GET /api/bookings/c1': [200, booking('c1', 'confirmed')],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('ORD_C1XY');
    expect(within(dialog).queryByRole('region', { name: 'Bags' })).toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Seats' })).toBeInTheDocument();
  });

  it('looks again while a booking is pending, and stops once it has settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let listed = 0;
      const { calls } = fakeEngine({
        'GET /api/auth/user': [200, signedInUser],
        'GET /api/bookings': () => [200, [booking('p1', (listed += 1) < 2 ? 'pending' : 'confirmed')]],
      });
      renderPage(<MyTripsPage />, '/my-trips');
      expect(await screen.findByText('pending')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS);
      expect(await screen.findByText('confirmed')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS * 3);
      expect(calls.filter((call) => call.path === '/api/bookings')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says Cancellation failed with the message', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('c1', 'confirmed')]],
      'GET /api/bookings/c1': [200, booking('c1', 'confirmed')],
      'POST /api/bookings/c1/cancellation-quote': [200, quote],
      'POST /api/bookings/c1/cancel': [409, { success: false, message: 'The airline could not cancel this booking' }],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel Booking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Booking' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Cancellation failed',
        description: 'The airline could not cancel this booking',
      }),
    );
  });

  it('shows Non-Refundable Ticket without cancellation options or for pending bookings', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('n1', 'confirmed', {}, false), booking('p1', 'pending')]],
      'GET /api/bookings/n1': [200, booking('n1', 'confirmed', {}, false)],
      'GET /api/bookings/p1': [200, booking('p1', 'pending')],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const [first, second] = await screen.findAllByRole('button', { name: 'View Details' });
    await user.click(first!);
    let dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Non-Refundable Ticket')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(second!);
    dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Non-Refundable Ticket')).toBeInTheDocument();
  });

  it('says when the details cannot be loaded', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('c1', 'confirmed')]],
      'GET /api/bookings/c1': [500, { message: 'boom' }],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    expect(await screen.findByText('Unable to load booking details')).toBeInTheDocument();
  });

  it('lists guest bookings made with your email apart, and adds one to My Trips when you confirm it', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': () => [200, confirmed ? [booking('g1', 'confirmed')] : []],
      'GET /api/bookings/guest': () => [200, confirmed ? [] : [booking('g1', 'confirmed')]],
      'POST /api/bookings/g1/confirm': () => {
        confirmed = true;
        return [
          200,
          { success: true, message: 'The booking was added to My Trips', booking: booking('g1', 'confirmed') },
        ];
      },
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const region = await screen.findByRole('region', { name: 'Bookings made with your email' });
    expect(region).toHaveTextContent(
      'These bookings were made with your email address by someone who was not signed in. Add the ones you made to My Trips.',
    );
    expect(region).toHaveTextContent('Ref ORD_G1XY');
    expect(screen.getByRole('tab', { name: 'Upcoming 0' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add booking ORD_G1XY to My Trips' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Added to My Trips',
        description: 'Booking ORD_G1XY is now with your other trips.',
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Upcoming 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bookings made with your email' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/bookings/g1/confirm',
    ]);
  });

  it('says when a guest booking could not be added, and keeps it listed', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, []],
      'GET /api/bookings/guest': [200, [booking('g2', 'confirmed')]],
      'POST /api/bookings/g2/confirm': [404, { message: 'Booking not found', code: 'NOT_FOUND' }],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const region = await screen.findByRole('region', { name: 'Bookings made with your email' });
    await user.click(within(region).getByRole('button', { name: 'Add booking ORD_G2XY to My Trips' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Could not add the booking',
        description: 'Booking not found',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('region', { name: 'Bookings made with your email' })).toBeInTheDocument();
  });

  it('shows no guest section when there are none', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [booking('c9', 'confirmed')]],
      'GET /api/bookings/guest': [200, []],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    expect(await screen.findByRole('tab', { name: 'Upcoming 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bookings made with your email' })).toBeNull();
  });
});
