import { cardAttemptsLimitedMessage, RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, type EngineCall } from '../test-support/engine';
import { currentToast, dismissToast } from '../ui/toast-store';
import { domestic, expiredOffer, outboundMap, validOffer } from './test-fixtures';
import { fillPassenger, paste, renderBooking } from './test-helpers';

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

type Answer = [number, unknown?];

function engine(overrides: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)> = {}) {
  return fakeEngine({
    'GET /api/flights/offer/off_dom': [200, domestic],
    'GET /api/flights/verify-offer/off_dom': validOffer(),
    'GET /api/flights/seatmaps/off_dom': [200, [outboundMap]],
    'GET /api/system/mode': [200, { isLiveMode: false, mode: 'test' }],
    ...overrides,
  });
}

async function toSeats(user: UserEvent, path = '/booking?offer=off_dom&adults=2') {
  renderBooking(path);
  await screen.findByRole('heading', { name: /Passenger 1/ });
  await fillPassenger(user, 0, 'Ada');
  await fillPassenger(user, 1, 'Charles');
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await screen.findByRole('heading', { name: 'Seat Selection' });
}

async function toPayment(user: UserEvent, path?: string) {
  await toSeats(user, path);
  await user.click(await screen.findByRole('button', { name: 'Skip Seat Selection' }));
  await screen.findByRole('heading', { name: 'Payment' });
}

async function fillCard(user: UserEvent, card: Partial<Record<'number' | 'name' | 'month' | 'year' | 'cvv', string>>) {
  const fields: Array<[string, string | undefined]> = [
    ['Card number', card.number],
    ['Card holder name', card.name],
    ['Month (MM)', card.month],
    ['Year (YY or YYYY)', card.year],
    ['CVV', card.cvv],
  ];
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await paste(user, input, value);
  }
}

const toastIs = (title: string, description?: string) =>
  waitFor(() => expect(currentToast()).toMatchObject({ title, ...(description && { description }) }));

const paid = (calls: EngineCall[], path: string) => calls.filter((call) => call.path === path);

describe('booking: seat step', () => {
  it('seats each passenger in turn, adds seat prices to the total, and requires a seat for everyone', async () => {
    const user = userEvent.setup();
    engine();
    await toSeats(user);
    const map = await screen.findByRole('region', { name: /Seat map, JFK to LAX/ });
    expect(within(map).getByText('Front')).toBeInTheDocument();
    expect(within(map).getByText('Rear')).toBeInTheDocument();
    expect(within(map).getByRole('group', { name: 'Economy cabin' })).toBeInTheDocument();
    const legend = within(map).getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent(/Available.*Selected.*Unavailable/);
    // A Basic fare: the notice shows (it does not on other fares, below).
    expect(screen.getByText(/Basic Economy fares may not include free seat selection/)).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Seat 10C, unavailable' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await toastIs('Seat Selection Required', 'Please select seats for all passengers');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Seat Selection Required: Please select seats for all passengers',
    );

    const who = screen.getByRole('radiogroup', { name: /Choosing a seat on JFK to LAX/ });
    expect(within(who).getByRole('radio', { name: /Ada Lovelace: No seat/ })).toBeChecked();
    await user.click(within(map).getByRole('button', { name: 'Seat 10B, available, $15' }));
    expect(within(who).getByRole('radio', { name: /Ada Lovelace: 10B \(\$15\)/ })).not.toBeChecked();
    expect(within(who).getByRole('radio', { name: /Charles Lovelace: No seat/ })).toBeChecked();
    // 10B is Ada's now: nobody else can take it.
    expect(within(map).getByRole('button', { name: 'Seat 10B, selected for Ada Lovelace' })).toBeDisabled();

    // Keyboard: the map is one tab stop; arrows walk the seats.
    const first = within(map).getByRole('button', { name: 'Seat 10A, available, Free' });
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(map).getByRole('button', { name: 'Seat 10D, available, $15' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const summary = screen.getByRole('region', { name: 'Flight summary' });
    expect(summary).toHaveTextContent('Seats$30');
    expect(summary).toHaveTextContent('Total price$153');

    // Choosing again for Ada moves her seat.
    await user.click(within(who).getByRole('radio', { name: /Ada Lovelace/ }));
    await user.click(within(map).getByRole('button', { name: 'Seat 11A, available, Free' }));
    expect(summary).toHaveTextContent('Seats$15');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Seats$15');

    await user.click(screen.getByRole('button', { name: 'Back to Seat Selection' }));
    expect(await screen.findByRole('heading', { name: 'Seat Selection' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Charles Lovelace: 10D/ })).toBeInTheDocument();
  });

  it('seats everyone side by side with "Seat us together", the cheapest such seats (issue 33)', async () => {
    const user = userEvent.setup();
    engine();
    await toSeats(user);
    const map = await screen.findByRole('region', { name: /Seat map, JFK to LAX/ });
    await user.click(within(map).getByRole('button', { name: 'Seat 10D, available, $15' }));
    await user.click(screen.getByRole('button', { name: 'Seat us together' }));
    const who = screen.getByRole('radiogroup', { name: /Choosing a seat on JFK to LAX/ });
    expect(within(who).getByRole('radio', { name: /Ada Lovelace: 11A/ })).toBeInTheDocument();
    expect(within(who).getByRole('radio', { name: /Charles Lovelace: 11C/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Flight summary' })).not.toHaveTextContent('Seats$');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  });

  it('shows the Basic Economy notice only for basic fares (issue 20)', async () => {
    const user = userEvent.setup();
    const business = {
      ...domestic,
      slices: domestic.slices.map((each) => ({
        ...each,
        fare_brand_name: 'Business',
        segments: each.segments.map((segment) => ({
          ...segment,
          passengers: segment.passengers.map((passenger) => ({ ...passenger, cabin_class: 'business' as const })),
        })),
      })),
    };
    engine({ 'GET /api/flights/offer/off_dom': [200, business] });
    await toSeats(user);
    await screen.findByRole('region', { name: /Seat map, JFK to LAX/ });
    expect(screen.queryByText(/Basic Economy fares/)).not.toBeInTheDocument();
  });

  it('lets travellers continue when the seat map fails to load (Seat Selection Unavailable)', async () => {
    const user = userEvent.setup();
    engine({ 'GET /api/flights/seatmaps/off_dom': [502, { message: 'Airline timeout' }] });
    await toSeats(user);
    expect(await screen.findByText('Seat Selection Unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  });

  it('says when there are no seat maps, and Back returns to the passengers with their details', async () => {
    const user = userEvent.setup();
    engine({ 'GET /api/flights/seatmaps/off_dom': [200, []] });
    await toSeats(user);
    expect(await screen.findByText('Seat maps are not available for this flight.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Passenger Details' }));
    expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Ada');
  });
});

describe('booking: payment step', () => {
  it('formats card input and answers the five checks in order', async () => {
    const user = userEvent.setup();
    const { calls } = engine();
    await toPayment(user);
    expect(screen.getByText('Test environment: no real payment is taken')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Order summary' });
    expect(order).toHaveTextContent('Flight typeRound Trip');
    expect(order).toHaveTextContent('DepartureSun, Dec 20');
    expect(order).toHaveTextContent('ReturnSun, Dec 27');
    expect(order).toHaveTextContent('Passengers2');
    expect(order).toHaveTextContent('Total$123');
    // Issue 33: each one's share beside the total (two adults), in whole units as every price.
    expect(order).toHaveTextContent('Per person$62');
    // Issue 33: the brand's service fee and its refund policy, before paying.
    expect(order).toHaveTextContent(/The total includes .+'s service fee of \$23\./);
    expect(order).toHaveTextContent(/service fee .*(is not refunded|refunds its service fee)/);

    await fillCard(user, { number: '4242x4242 42424242 42429999', month: '7', year: '2031', cvv: '12345' });
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    // Issue 20: a 4-digit year stays as typed.
    expect(screen.getByLabelText('Year (YY or YYYY)')).toHaveValue('2031');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
    await user.click(screen.getByLabelText('CVV'));
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('07');

    const complete = () => user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    await fillCard(user, { number: '4242 4242 4242 42', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await complete();
    await toastIs('Invalid Card Number', 'Please enter a valid card number');
    await fillCard(user, { number: '4242424242424242', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await complete();
    await toastIs('Invalid Expiry Date', 'Please enter a valid expiration date');
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '12', name: 'Ada Lovelace' });
    await complete();
    await toastIs('Invalid CVV', 'Please enter a valid security code (CVV)');
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: ' Al ' });
    await complete();
    await toastIs('Invalid Card Holder Name', 'Please enter the name as it appears on your card');
    await fillCard(user, { number: '4242424242424241', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await complete();
    await toastIs('Invalid Card Number', 'The card number you entered is not valid');
    // Issue 33: a month that is no month ("13") is refused as it is typed.
    await fillCard(user, { number: '4242424242424242', year: '2030', cvv: '123', name: 'Ada Lovelace' });
    await user.type(screen.getByLabelText('Month (MM)'), '13');
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('1');
    await user.type(screen.getByLabelText('Month (MM)'), '2');
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('12');
    // Issue 20: what is wrong with an expiry is said before paying, under the field too, and clears once fixed.
    await fillCard(user, { number: '4242424242424242', month: '01', year: '2024', cvv: '123', name: 'Ada Lovelace' });
    await complete();
    await toastIs('Invalid Expiry Date', 'This card expired at the end of 01/2024. Please use another card.');
    await user.clear(screen.getByLabelText('Year (YY or YYYY)'));
    await paste(user, screen.getByLabelText('Year (YY or YYYY)'), '2030');
    await waitFor(() => expect(screen.getByLabelText('Year (YY or YYYY)')).not.toHaveAttribute('aria-invalid'));
    expect(paid(calls, '/api/payments/process-card')).toHaveLength(0);
  });

  it('hides the test notice in live mode', async () => {
    const user = userEvent.setup();
    engine({ 'GET /api/system/mode': [200, { isLiveMode: true, mode: 'live' }] });
    await toPayment(user);
    expect(screen.queryByText('Test environment: no real payment is taken')).not.toBeInTheDocument();
  });

  it('on a declined card: the seed toast, card fields cleared but the holder name, focus on the number, no booking', async () => {
    const user = userEvent.setup();
    const { calls } = engine({
      'POST /api/payments/process-card': [
        402,
        { success: false, error: 'PAYMENT_FAILED', message: 'Your card has insufficient funds.' },
      ],
    });
    await toPayment(user);
    await fillCard(user, { number: '4000000000000002', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    // Issue 20: the decline's own reason, in the seed's toast.
    // Issue 33: the seed's text whole; issue 20: the decline's own reason after it.
    await toastIs(
      'Card Payment Failed',
      'Your card was declined or the card details were incorrect. Please check your information and try again with a different card if necessary. (Your card has insufficient funds.)',
    );
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('');
    expect(screen.getByLabelText('Year (YY or YYYY)')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
    expect(screen.getByLabelText('Card holder name')).toHaveValue('Ada Lovelace');
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
    expect(paid(calls, '/api/bookings')).toHaveLength(0);
    const request = paid(calls, '/api/payments/process-card')[0]!.body as Record<string, unknown>;
    expect(request).toMatchObject({ offerId: 'off_dom', amount: 123, currency: 'USD' });
  });

  it('never makes up a payment: a gateway error is a Payment Error and nothing is booked', async () => {
    const user = userEvent.setup();
    const { calls } = engine({
      'POST /api/payments/process-card': [
        502,
        { success: false, error: 'PAYMENT_ERROR', message: 'Gateway unavailable' },
      ],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    await toastIs('Payment Error', 'Gateway unavailable');
    expect(paid(calls, '/api/bookings')).toHaveLength(0);
  });

  it('too many attempts (429): the engine says how long to wait, the card is kept, nothing is booked', async () => {
    const user = userEvent.setup();
    const message = cardAttemptsLimitedMessage(600);
    const { calls } = engine({
      'POST /api/payments/process-card': [429, { success: false, error: RATE_LIMITED, message }],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    await toastIs('Payment Error', message);
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(paid(calls, '/api/bookings')).toHaveLength(0);
  });

  it('shows Booking Failed with the server message', async () => {
    const user = userEvent.setup();
    engine({
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_1' }],
      'POST /api/bookings': [409, { message: 'The airline could not confirm this booking' }],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    await toastIs('Booking Failed', 'The airline could not confirm this booking');
  });

  const pending = {
    id: 'bkg_7',
    duffelBookingId: '',
    status: 'pending',
    accountCreated: false,
    message: 'Your booking is being confirmed with the airline. Send the same request again to see the outcome.',
  };

  it('asks again while the booking is pending (the same request), then confirms', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const { calls } = engine({
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_7' }],
      'POST /api/bookings': () =>
        (asked += 1) < 3
          ? [202, pending]
          : [201, { id: 'bkg_7', duffelBookingId: 'ord_0000777777', accountCreated: false, status: 'confirmed' }],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('Booking referenceORD_0000');
    const bodies = paid(calls, '/api/bookings').map((call) => JSON.stringify(call.body));
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
  });

  it('does not re-check the offer while the booking is confirmed: the airline then sells it to this booking', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let verifyAnswer = validOffer();
    let answerBooking: (answer: Answer) => void = () => {};
    const { calls } = engine({
      'GET /api/flights/verify-offer/off_dom': () => verifyAnswer,
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_9' }],
      'POST /api/bookings': () => new Promise<Answer>((resolve) => (answerBooking = resolve)),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await toPayment(user);
      await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
      await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
      await waitFor(() => expect(paid(calls, '/api/bookings')).toHaveLength(1));
      const checks = paid(calls, '/api/flights/verify-offer/off_dom').length;
      verifyAnswer = expiredOffer;
      await act(() => vi.advanceTimersByTimeAsync(16_000));
      expect(paid(calls, '/api/flights/verify-offer/off_dom')).toHaveLength(checks);
      answerBooking([
        201,
        { id: 'bkg_9', duffelBookingId: 'ord_0000999999', accountCreated: false, status: 'confirmed' },
      ]);
      expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
      expect(currentToast()?.title).not.toBe('Flight Offer Expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shows a pending booking as confirmed: after the last ask it says the booking is in progress', async () => {
    const user = userEvent.setup();
    const { calls } = engine({
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_8' }],
      'POST /api/bookings': [202, pending],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    await toastIs('Booking in progress', pending.message);
    expect(paid(calls, '/api/bookings')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Booking Confirmed' })).not.toBeInTheDocument();
  });

  it('completes: checks the offer, pays, books with the payment id, and confirms with the new account', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = engine({
      'POST /api/payments/process-card': [200, { success: true, paymentId: 'pi_123' }],
      'POST /api/bookings': [
        201,
        {
          id: 'bkg_42',
          duffelBookingId: 'ord_0000abcdef',
          accountCreated: true,
          accountInfo: { username: 'ada.lovelace', password: 'S3cret-pass!', email: 'ada@example.com' },
        },
      ],
    });
    await toPayment(user);
    await fillCard(user, { number: '4242424242424242', month: '12', year: '30', cvv: '123', name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
    const order = calls
      .map((call) => `${call.method} ${call.path}`)
      .filter((call) => !call.includes('seatmaps') && !call.includes('system'));
    expect(order.slice(-3)).toEqual([
      'GET /api/flights/verify-offer/off_dom',
      'POST /api/payments/process-card',
      'POST /api/bookings',
    ]);
    const booking = paid(calls, '/api/bookings')[0]!.body as Record<string, unknown>;
    expect(booking).toMatchObject({
      offerId: 'off_dom',
      paymentId: 'pi_123',
      paymentDetails: { amount: 123, currency: 'USD' },
      passengers: [
        { id: 'pas_a', type: 'adult', firstName: 'Ada', email: 'ada@example.com', phone: '+12025550123' },
        { id: 'pas_b', type: 'adult', firstName: 'Charles' },
      ],
    });
    expect(JSON.stringify(booking)).not.toContain('4242424242424242');
    await toastIs('Account Created');
    const page = document.body.textContent ?? '';
    for (const text of [
      'Booking referenceORD_0000',
      'Booking IDbkg_42',
      `Booking date${new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date())} `,
      'Card**** **** **** 4242',
      'Total paid$123',
      'Primary passengerAda Lovelace',
      'Emailada@example.com',
      'Phone+12025550123',
      'Passengers2 × Adult (12+ years)',
    ]) {
      expect(page).toContain(text);
    }
    // Seed 000 §9's long date "MMMM do, y", as Account Settings shows it (issue 33).
    expect(page).toMatch(/Booking date[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}Card/);
    expect(screen.getByRole('region', { name: 'Flight summary' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Booking progress' })).getAllByRole('listitem')[3],
    ).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('ada.lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith('S3cret-pass!');
    await toastIs('Copied', 'Password copied to the clipboard');
    expect(screen.getByRole('link', { name: 'View My Trips' })).toHaveAttribute('href', '/my-trips');
    expect(screen.getByRole('link', { name: 'Book Another Flight' })).toHaveAttribute('href', '/');
  });

  it('warns when the offer expires within 5 minutes, in seconds in the last minute', async () => {
    // The clock stands still (timers stay real): the time left is exactly what the engine answered.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = userEvent.setup();
      let verify = validOffer(3.5);
      engine({ 'GET /api/flights/verify-offer/off_dom': () => verify });
      await toPayment(user);
      expect(await screen.findByText('This offer will expire in 3 minutes.')).toBeInTheDocument();
      expect(screen.getByText(/Offer Expiring Soon/)).toBeInTheDocument();
      verify = validOffer(0.5);
      await user.click(screen.getByRole('button', { name: 'Back to Seat Selection' }));
      await user.click(await screen.findByRole('button', { name: 'Skip Seat Selection' }));
      expect(await screen.findByText('This offer will expire in 30 seconds.')).toBeInTheDocument();
      expect(screen.queryByText(/in 0 minutes/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-checks every 15 s; an expired offer gets the toast and a redirect to the search after 4 s', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let verifyAnswer = validOffer();
    engine({ 'GET /api/flights/verify-offer/off_dom': () => verifyAnswer });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await toPayment(
        user,
        '/booking?offer=off_dom&adults=2&from_origin=SEA&from_destination=SFO&from_departureDate=2026-12-20',
      );
      verifyAnswer = expiredOffer;
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      await toastIs(
        'Flight Offer Expired',
        'This flight offer has expired. Please return to search and select another flight.',
      );
      expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Complete Booking' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      // Issue 33: back to the traveller's search, never a bare /search without one.
      expect(await screen.findByTestId('elsewhere')).toHaveTextContent(
        /^Elsewhere \/search\?origin=SEA&destination=SFO&departureDate=2026-12-20/,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
