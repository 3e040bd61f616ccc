import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, type EngineTable } from '../test-support/engine';
import { domestic, expiredOffer, international, validOffer } from './test-fixtures';
import { fillPassenger, fillPassport, renderBooking, setDate } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const engine = (offer = domestic, verify: EngineTable[string] = validOffer()) =>
  fakeEngine({
    [`GET /api/flights/offer/${offer.id}`]: [200, offer],
    [`GET /api/flights/verify-offer/${offer.id}`]: verify,
    [`GET /api/flights/seatmaps/${offer.id}`]: [200, []],
    'GET /api/system/mode': [200, { isLiveMode: false, mode: 'test' }],
  });

describe('booking: offer and passenger step', () => {
  it('shows the offer-load error with Back to Search Results', async () => {
    fakeEngine({ 'GET /api/flights/offer/off_x': [404, { message: 'Offer not found' }] });
    renderBooking('/booking?offer=off_x');
    expect(await screen.findByRole('heading', { name: 'Error loading flight details' })).toBeInTheDocument();
    expect(screen.getByText('Unable to retrieve flight offer: Offer not found')).toBeInTheDocument();
    // Issue 33: with no search to return to, home (a bare /search has none to show).
    expect(screen.getByRole('link', { name: 'Back to Search Results' })).toHaveAttribute('href', '/');
  });

  it("goes back to the traveller's search carried on the booking link", async () => {
    fakeEngine({ 'GET /api/flights/offer/off_x': [404, { message: 'Offer not found' }] });
    renderBooking('/booking?offer=off_x&from_origin=SEA&from_destination=SFO&from_departureDate=2026-12-20');
    const back = await screen.findByRole('link', { name: 'Back to Search Results' });
    expect(back.getAttribute('href')).toMatch(/^\/search\?origin=SEA&destination=SFO&departureDate=2026-12-20/);
  });

  it('says "Flight offer not found" without an offer id', async () => {
    fakeEngine({});
    renderBooking('/booking');
    expect(await screen.findByText('Flight offer not found')).toBeInTheDocument();
  });

  it('shows the steps, the summary and a card per passenger with its type', async () => {
    engine();
    renderBooking('/booking?offer=off_dom&adults=2&children=1&infants=1');
    expect(await screen.findByRole('heading', { name: 'Passenger 1: Adult (12+ years)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passenger 2: Adult (12+ years)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passenger 3: Child (2-11 years)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passenger 4: Infant (under 2 years)' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Booking progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Passenger Details',
      '2Seat Selection',
      '3Payment',
      '4Confirmation',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    const summary = screen.getByRole('region', { name: 'Flight summary' });
    expect(within(summary).getByRole('region', { name: 'Outbound flight' })).toHaveTextContent(
      /08:00JFKJFK.*6h.*Non-stop.*11:00LAX/,
    );
    expect(within(summary).getByRole('region', { name: 'Return flight' })).toHaveTextContent(
      /09:00LAX.*5h 30m.*17:30JFK/,
    );
    expect(summary).toHaveTextContent('Base fare$103');
    expect(summary).toHaveTextContent('Taxes and fees$20');
    expect(summary).toHaveTextContent('Total price$123');
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Skip Passport Info' })).toBeEnabled();
    expect(screen.queryByText(/Passport details are required/)).not.toBeInTheDocument();
    const gender = screen.getAllByLabelText('Gender')[0]!;
    expect(within(gender).getByRole('option', { name: 'Prefer not to say' })).toHaveValue('undisclosed');
    expect(within(screen.getAllByLabelText('Issuing country')[0]!).getAllByRole('option')).toHaveLength(25);
  });

  it('falls back to the offer passenger count when adults is absent', async () => {
    engine();
    renderBooking('/booking?offer=off_dom');
    expect(await screen.findByRole('heading', { name: 'Passenger 2: Adult (12+ years)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Passenger 3/ })).not.toBeInTheDocument();
  });

  it('shows every required-field message and the submit notice, and scrolls to the top', async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(window, 'scrollTo');
    engine();
    renderBooking('/booking?offer=off_dom&adults=2');
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    // The form's schema loads with its first check (a chunk of its own): the messages come once it has.
    expect(
      await screen.findByText('Please complete all required passenger information before continuing.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('First name is required')).toHaveLength(2);
    expect(screen.getAllByText('Last name is required')).toHaveLength(2);
    expect(screen.getAllByText('Date of birth is required')).toHaveLength(2);
    expect(screen.getAllByText('Valid email is required for primary passenger')).toHaveLength(1);
    expect(screen.getAllByText('Phone number is required for primary passenger')).toHaveLength(1);
    expect(screen.getAllByLabelText('First name')[0]).toHaveAttribute('aria-invalid', 'true');
    expect(scroll).toHaveBeenCalled();
    await user.type(screen.getAllByLabelText('Email (optional)')[0]!, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('checks optional passports on a domestic trip and lets Skip Passport Info drop them', async () => {
    const user = userEvent.setup();
    const { calls } = engine();
    renderBooking('/booking?offer=off_dom&adults=1');
    await screen.findByRole('heading', { name: /Passenger 1/ });
    await user.click(screen.getByRole('button', { name: 'Skip Passport Info' }));
    expect(
      await screen.findByText('Please complete all required passenger information fields before continuing.'),
    ).toBeInTheDocument();
    await fillPassenger(user, 0);
    await user.type(screen.getByLabelText('Passport number'), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Passport number must be at least 5 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip Passport Info' }));
    expect(await screen.findByRole('heading', { name: 'Seat Selection' })).toBeInTheDocument();
    // Once on arrival, once before moving on.
    expect(calls.filter((call) => call.path.startsWith('/api/flights/verify-offer'))).toHaveLength(2);
  });

  it('requires passports on an international offer, with each passport message', async () => {
    const user = userEvent.setup();
    engine(international);
    renderBooking('/booking?offer=off_int&adults=1');
    expect(await screen.findByText(/Passport details are required for this international flight/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Passport Info' })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Continue with Passport Info' });
    await fillPassenger(user, 0);
    await user.click(submit);
    expect(await screen.findByText('Passport number must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Passport expiry date is required')).toBeInTheDocument();
    expect(screen.getByText('Country code must be exactly 2 characters (ISO code)')).toBeInTheDocument();
    const number = screen.getByLabelText('Passport number');
    await user.type(number, 'A'.repeat(21));
    await user.click(submit);
    expect(screen.getByText('Passport number cannot exceed 20 characters')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, 'AB-1234');
    setDate('Passport expiry date', 0, '2020-01-01');
    await user.click(submit);
    expect(screen.getByText('Passport number can only contain letters and numbers')).toBeInTheDocument();
    expect(screen.getByText('Passport has expired')).toBeInTheDocument();
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    setDate('Passport expiry date', 0, soon);
    expect(await screen.findByText('Less than 6 months validity')).toBeInTheDocument();
    // Issue 20: a passport that runs out before the last flight (Dec 21, 2026) is refused before payment.
    setDate('Passport expiry date', 0, '2026-12-20');
    expect(
      await screen.findByText('Passport must be valid beyond your last flight on Dec 21, 2026'),
    ).toBeInTheDocument();
    await user.click(submit);
    expect(screen.queryByRole('heading', { name: 'Seat Selection' })).not.toBeInTheDocument();
    await user.clear(number);
    await fillPassport(user, 0, 'ab 12345', '2031-01-01');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Seat Selection' })).toBeInTheDocument();
  });

  it('shows an expired offer at once (issue 20): its message, both buttons disabled', async () => {
    engine(domestic, expiredOffer);
    renderBooking('/booking?offer=off_dom&adults=1');
    await screen.findByRole('heading', { name: /Passenger 1/ });
    expect(await screen.findByText('This flight offer has expired. Please select another flight.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Offer Expired' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip Passport Info' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Seat Selection' })).not.toBeInTheDocument();
  });

  it('checks the offer again before moving on, and says when it could not verify it', async () => {
    const user = userEvent.setup();
    let verify = validOffer();
    engine(domestic, () => verify);
    renderBooking('/booking?offer=off_dom&adults=1');
    await screen.findByRole('heading', { name: /Passenger 1/ });
    await fillPassenger(user, 0);
    verify = [500, {}];
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offer Expired' })).toBeDisabled());
    expect(screen.getByText('Error checking offer validity (500)')).toBeInTheDocument();
  });

  it('re-checks the offer every 30 seconds on the passenger step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let verify = validOffer();
      const { calls } = engine(domestic, () => verify);
      renderBooking('/booking?offer=off_dom&adults=1');
      await screen.findByRole('heading', { name: /Passenger 1/ });
      await waitFor(() =>
        expect(calls.filter((call) => call.path.startsWith('/api/flights/verify-offer'))).toHaveLength(1),
      );
      verify = expiredOffer;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByRole('button', { name: 'Offer Expired' })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
