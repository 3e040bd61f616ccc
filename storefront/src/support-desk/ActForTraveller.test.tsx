import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminSupportPage } from '../admin/AdminSupportPage';
import { adminBooking, historyState } from '../test-support/bookings';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { emailKindLabel } from './BookingMoneyAndEmails';

const admin = { ...signedInUser, isAdmin: true };
const booking = { ...adminBooking({ id: 'bk_1', status: 'confirmed', cancellable: true }), reference: 'ORD12345' };
const money = (refunded = '0.00') => ({
  bookingId: 'bk_1',
  currency: 'USD',
  authorized: '553.50',
  captured: '553.50',
  refunded,
  kept: [],
  cardLast4: '4242',
  paymentStatus: 'captured',
});
const quote = {
  quoteId: 'ore_q1',
  paid: '553.50',
  refund: '403.50',
  currency: 'USD',
  kept: [
    { kind: 'airline_fee', label: 'Airline cancellation fee', amount: '50.00', reason: 'Fare rules.' },
    { kind: 'service_fee', label: 'Service fee', amount: '100.00', reason: 'Not refundable.' },
  ],
  refundTo: { method: 'card', cardLast4: '4242' },
  timing: 'Within 7 to 30 business days.',
  expiresAt: '2026-11-22T12:30:00.000Z',
};
const REASON = 'Ticket 4411: caller asked to cancel';

function open(who: object = admin) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, who],
    'GET /api/admin/bookings': [200, [booking]],
    'GET /api/admin/booking-search': [200, { bookings: [booking], total: 1, limit: 20, offset: 0 }],
    'GET /api/admin/bookings/bk_1/history': [
      200,
      {
        bookingId: 'bk_1',
        revealed: false,
        events: [
          {
            revision: '0',
            type: 'BookingStarted',
            at: '2026-11-22T10:00:00.000Z',
            actor: 'anonymous',
            correlationId: 'c1',
            data: {},
            stateAfter: historyState('confirmed', 'confirmed', '[sealed]'),
          },
        ],
      },
    ],
    'GET /api/admin/reconciliation': [200, { report: null }],
    'GET /api/admin/bookings/bk_1/desk': [200, { bookingId: 'bk_1', entries: [] }],
    'GET /api/admin/access-log': [200, { entries: [] }],
    'GET /api/admin/bookings/bk_1/money': [200, money()],
    'GET /api/admin/outbox': [
      200,
      {
        transport: 'outbox',
        messages: [
          {
            id: 'm1',
            bookingId: 'bk_1',
            brandKey: 'default',
            kind: 'confirmed',
            to: 'a***@example.com',
            subject: 'Your booking ORD12345 is confirmed',
            text: '[sealed]',
            html: '[sealed]',
            createdAt: '2026-11-22T10:02:00.000Z',
            sentAt: null,
          },
        ],
      },
    ],
  });
  renderPage(<AdminSupportPage />, '/admin/support');
  return engine;
}

async function findBooking() {
  fireEvent.change(await screen.findByLabelText('Booking reference'), { target: { value: 'ORD12345' } });
  await userEvent.click(screen.getByRole('button', { name: 'Find Booking' }));
  await screen.findByRole('list', { name: 'Booking history' });
}

describe('support acting for the traveller on the booking page', () => {
  it("shows the booking's money and its emails, bodies not shown", async () => {
    open();
    await findBooking();
    const figures = await screen.findByText('Authorized');
    expect(figures.closest('dl')).toHaveTextContent(/Authorized\$553\.50Captured\$553\.50Refunded\$0$/);
    const emails = await screen.findByRole('list', { name: 'Emails' });
    expect(emails).toHaveTextContent(/Confirmation.*Your booking ORD12345 is confirmed.*kept in the outbox/);
    expect(emails).not.toHaveTextContent('[sealed]');
  });

  it('asks for a reason, quotes, then cancels with the quoted refund', async () => {
    const { calls } = open();
    await findBooking();
    await userEvent.click(await screen.findByRole('button', { name: 'Quote a cancellation' }));
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(/Please give a reason/);
    expect(calls.some((call) => call.path.endsWith('/cancellation-quote'))).toBe(false);

    const acted = fakeEngine({
      'POST /api/admin/bookings/bk_1/cancellation-quote': [200, quote],
      'POST /api/admin/bookings/bk_1/cancel': [
        200,
        { success: true, message: 'Booking cancelled', refund: { amount: '403.50', currency: 'USD' } },
      ],
      'GET /api/admin/bookings/bk_1/desk': [
        200,
        {
          bookingId: 'bk_1',
          entries: [
            {
              type: 'CancellationQuoted',
              at: '2026-11-22T10:05:00.000Z',
              by: 'ana',
              reason: REASON,
              refund: '403.50',
              currency: 'USD',
            },
            { type: 'CancellationRequested', at: '2026-11-22T10:06:00.000Z', by: 'ana', reason: REASON },
          ],
        },
      ],
    });
    await userEvent.type(screen.getByLabelText('Reason'), REASON);
    await userEvent.click(screen.getByRole('button', { name: 'Quote a cancellation' }));
    const shown = await screen.findByRole('group', { name: 'Refund quote' });
    expect(shown).toHaveTextContent(/Airline cancellation fee kept.*−\$50.*Refund\$403\.50/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and refund $403.50' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking cancelled. $403.50 refunded.');
    expect(acted.calls.find((call) => call.path.endsWith('/cancellation-quote'))?.body).toEqual({ reason: REASON });
    expect(acted.calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({
      quoteId: 'ore_q1',
      reason: REASON,
    });
    const activity = await screen.findByRole('list', { name: 'Staff activity' });
    await waitFor(() => expect(activity).toHaveTextContent(/ana cancelled the booking for the traveller/));
  });

  it('shows why the airline refused, and keeps the booking', async () => {
    open();
    await findBooking();
    fakeEngine({
      'POST /api/admin/bookings/bk_1/cancellation-quote': [409, { message: 'The trip has already departed' }],
    });
    await userEvent.type(await screen.findByLabelText('Reason'), REASON);
    await userEvent.click(screen.getByRole('button', { name: 'Quote a cancellation' }));
    expect(await screen.findByText('The trip has already departed')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Refund quote' })).toBeNull();
  });

  it('resends the confirmation with one request id per click, reused when the click is retried', async () => {
    open();
    await findBooking();
    const failing = fakeEngine({
      'POST /api/admin/bookings/bk_1/resend-confirmation': [503, { message: 'Try again' }],
    });
    await userEvent.type(await screen.findByLabelText('Reason'), REASON);
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Try again')).toBeInTheDocument();
    const first = (failing.calls[0]?.body as { requestId: string }).requestId;

    const answered = fakeEngine({
      'POST /api/admin/bookings/bk_1/resend-confirmation': (body) => [
        202,
        {
          bookingId: 'bk_1',
          requestId: (body as { requestId: string }).requestId,
          queued: true,
          message: 'The confirmation email will be sent again',
        },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The confirmation email will be sent again');
    expect(answered.calls[0]?.body).toEqual({ requestId: first, reason: REASON });
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() => expect(answered.calls).toHaveLength(2));
    expect((answered.calls[1]?.body as { requestId: string }).requestId).not.toBe(first);
  });

  it('offers an auditor no action, only the money and emails', async () => {
    open({ ...admin, staff: { role: 'auditor', brands: ['default'] } });
    await findBooking();
    await screen.findByRole('list', { name: 'Emails' });
    expect(screen.queryByRole('heading', { name: 'Act for the traveller' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
    expect(within(document.body).queryByLabelText('Reason')).toBeNull();
  });
});

describe('emailKindLabel', () => {
  it('names the emails support reads', () => {
    expect(emailKindLabel('confirmed')).toBe('Confirmation');
    expect(emailKindLabel('confirmed-resent-5b0f4a4e')).toBe('Confirmation (resent)');
    expect(emailKindLabel('cancelled')).toBe('Cancellation notice');
    expect(emailKindLabel('staff-invitation')).toBe('Staff invitation');
  });
});
