import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingHistory } from '@contrail/shared/admin/operations';
import { adminBooking, historyState } from '../test-support/bookings';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { currentToast, dismissToast } from '../ui/toast-store';
import { eventLabel, AdminSupportPage } from './AdminSupportPage';
import { NO_FILTER } from '../support-desk/BookingSearchForm';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const admin = { ...signedInUser, isAdmin: true };
const booking = { ...adminBooking({ id: 'bk_1', status: 'confirmed' }), reference: 'ORD12345' };
const state = historyState;
const BOOKING_MONEY = {
  bookingId: 'bk_1',
  currency: 'USD',
  authorized: '553.50',
  captured: '553.50',
  refunded: '0.00',
  kept: [],
  cardLast4: '4242',
  paymentStatus: 'captured',
};
const history = (reveal: boolean): BookingHistory => ({
  bookingId: 'bk_1',
  revealed: reveal,
  events: [
    {
      revision: '0',
      type: 'BookingStarted',
      at: '2026-11-22T10:00:00.000Z',
      actor: 'anonymous',
      correlationId: 'c1',
      data: {},
      stateAfter: state('started', 'pending', reveal ? 'Ada' : '[sealed]'),
    },
    {
      revision: '1',
      type: 'OrderConfirmed',
      at: '2026-11-22T10:01:00.000Z',
      actor: 'system',
      correlationId: 'c1',
      data: { orderId: 'ord_12345' },
      stateAfter: state('confirmed', 'confirmed', reveal ? 'Ada' : '[sealed]'),
    },
  ],
});

function open(table: Parameters<typeof fakeEngine>[0] = {}, path = '/admin/support') {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, admin],
    'GET /api/admin/booking-search': [200, { bookings: [booking], total: 1, limit: 20, offset: 0 }],
    'GET /api/admin/bookings/bk_1/history': [200, history(false)],
    'GET /api/admin/reconciliation': [200, { report: null }],
    'GET /api/admin/bookings/bk_1/desk': [200, { bookingId: 'bk_1', entries: [] }],
    'GET /api/admin/access-log': [200, { entries: [] }],
    'GET /api/admin/bookings/bk_1/money': [200, BOOKING_MONEY],
    'GET /api/admin/outbox': [200, { transport: 'outbox', messages: [] }],
    ...table,
  });
  renderPage(<AdminSupportPage />, path);
  return engine;
}

async function search(reference: string) {
  fireEvent.change(await screen.findByLabelText('Booking reference'), { target: { value: reference } });
  await userEvent.click(screen.getByRole('button', { name: 'Find Booking' }));
}

describe('AdminSupportPage', () => {
  it('sends a non-admin to / with "Access Denied"', async () => {
    open({ 'GET /api/auth/user': [200, signedInUser] });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(currentToast()).toMatchObject({ title: 'Access Denied' });
  });

  it('asks for a filter before searching', async () => {
    const { calls } = open();
    await search('  ');
    expect(screen.getByLabelText('Booking reference')).toHaveAccessibleDescription(NO_FILTER);
    expect(calls.some((call) => call.path === '/api/admin/booking-search')).toBe(false);
  });

  it('finds a booking by reference and shows its history as a timeline, personal data sealed', async () => {
    const { calls } = open();
    await search('ord12345');
    const timeline = await screen.findByRole('list', { name: 'Booking history' });
    expect(calls.find((call) => call.path === '/api/admin/booking-search')).toBeDefined();
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent(/Booking started.*pending.*by anonymous/);
    expect(steps[1]).toHaveTextContent(/Order confirmed.*confirmed.*by system/);
    expect(steps[1]).toHaveTextContent('[sealed]');
    expect(screen.getByRole('button', { name: /ORD12345/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the bags bought with the booking (issue 35) beside its history', async () => {
    const bagged = {
      ...booking,
      bookingData: {
        ...booking.bookingData,
        bags: [
          {
            kind: 'checked' as const,
            quantity: 1,
            passenger_ids: ['pas_1'],
            segment_ids: ['seg_JFK'],
            amount: '45.00',
            currency: 'USD',
          },
        ],
      },
    };
    open({ 'GET /api/admin/booking-search': [200, { bookings: [bagged], total: 1, limit: 20, offset: 0 }] });
    await search('ord12345');
    const bags = await screen.findByRole('region', { name: 'Bags' });
    expect(within(bags).getByRole('listitem')).toHaveTextContent('1 checked bag · Ada Lovelace · JFK → LAX · $45');
  });

  it('reveals personal data only for a reason, which then shows in the staff activity', async () => {
    const reveal = { type: 'PersonalDataRevealed', at: '2026-11-22T10:05:00.000Z', by: 'root', seen: ['passengers'] };
    const { calls } = open({
      'GET /api/admin/bookings/bk_1/desk': [200, { bookingId: 'bk_1', entries: [] }],
    });
    await search('ORD12345');
    await screen.findByRole('list', { name: 'Booking history' });
    expect(
      await screen.findByText('No one has seen personal data, acted for the traveller or left a note yet.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show personal data' }));
    const reason = screen.getByLabelText('Why do you need to see it?');
    await userEvent.type(reason, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Show personal data' }));
    expect(reason).toHaveAccessibleDescription(/Please give a reason/);
    expect(calls.some((call) => call.path.endsWith('/reveal'))).toBe(false);

    const revealed = fakeEngine({
      'POST /api/admin/bookings/bk_1/reveal': [200, history(true)],
      'GET /api/admin/bookings/bk_1/desk': [
        200,
        { bookingId: 'bk_1', entries: [{ ...reveal, reason: 'Ticket 4411' }] },
      ],
    });
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Ticket 4411{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Booking history' })).toHaveTextContent('"pii": "Ada"'),
    );
    expect(revealed.calls.find((call) => call.path.endsWith('/reveal'))?.body).toEqual({ reason: 'Ticket 4411' });
    expect(screen.getByText('Personal data shown: your reason is recorded')).toBeInTheDocument();
    const activity = await screen.findByRole('list', { name: 'Staff activity' });
    expect(activity).toHaveTextContent(/root saw the travellers' details.*Reason: Ticket 4411/);
  });

  it("keeps internal notes for the traveller's booking", async () => {
    const note = { type: 'InternalNoteAdded', at: '2026-11-22T10:06:00.000Z', by: 'root', text: 'Called back' };
    open({ 'GET /api/admin/bookings/bk_1/desk': [200, { bookingId: 'bk_1', entries: [] }] });
    await search('ORD12345');
    const field = await screen.findByLabelText('Internal note (never shown to the traveller)');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(field).toHaveAccessibleDescription(/Please write a note/);
    const noted = fakeEngine({ 'POST /api/admin/bookings/bk_1/notes': [201, { bookingId: 'bk_1', entries: [note] }] });
    await userEvent.type(field, 'Called back');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('list', { name: 'Staff activity' })).toHaveTextContent('root notedCalled back');
    expect(noted.calls[0]?.body).toEqual({ text: 'Called back' });
    expect(field).toHaveValue('');
  });

  it('lists the personal data access log for platform admins, with a CSV export', async () => {
    const entry = {
      at: '2026-11-22T10:05:00.000Z',
      bookingId: 'bk_1',
      brandKey: 'default',
      userId: 'u1',
      username: 'ana',
      seen: ['passengers'],
      reason: 'Ticket 4411',
    };
    const exported = {
      ...entry,
      bookingId: '',
      brandKey: '*',
      seen: ['bookings-export'],
      reason: 'Ticket 5000',
      exported: 'bookings from 2026-11-01 to 2026-11-30',
    };
    open({ 'GET /api/admin/access-log': [200, { entries: [exported, entry] }] });
    const log = await screen.findByRole('list', { name: 'Personal data access log' });
    expect(log).toHaveTextContent(/ana saw the travellers' details of booking bk_1 \(default\).*Reason: Ticket 4411/);
    expect(log).toHaveTextContent(
      /ana exported the travellers' names in bookings from 2026-11-01 to 2026-11-30 \(every brand\).*Reason: Ticket 5000/,
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/access-log.csv?limit=1000',
    );
  });

  it('shows a support agent neither the access log nor a way to it', async () => {
    const agent = { ...admin, staff: { role: 'support-agent', brands: ['default'] } };
    const { calls } = open({ 'GET /api/auth/user': [200, agent] });
    await screen.findByLabelText('Booking reference');
    expect(screen.queryByText('Personal data access log')).toBeNull();
    expect(calls.some((call) => call.path === '/api/admin/access-log')).toBe(false);
  });

  it('says when no booking matches', async () => {
    open({ 'GET /api/admin/booking-search': [200, { bookings: [], total: 0, limit: 20, offset: 0 }] });
    await search('NOPE1234');
    expect(await screen.findByText('No booking matches this search.')).toBeInTheDocument();
  });

  it('shows the server message when the search fails', async () => {
    open({ 'GET /api/admin/booking-search': [400, { message: 'Unknown brand nosuch' }] });
    await search('X');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown brand nosuch');
  });

  it('searches by a traveller and dates, and turns the pages', async () => {
    const others = Array.from({ length: 20 }, (_, index) => ({
      ...adminBooking({ id: `bk_${index + 2}`, status: 'confirmed' }),
      reference: `ORD${String(index).padStart(5, '0')}`,
    }));
    const { calls } = open({
      'GET /api/admin/booking-search': (_body, call) => {
        const { offset } = call.body as { offset?: string };
        return offset === '20'
          ? [200, { bookings: [booking], total: 21, limit: 20, offset: 20 }]
          : [200, { bookings: others, total: 21, limit: 20, offset: 0 }];
      },
    });
    fireEvent.change(await screen.findByLabelText('Traveller surname or full name'), {
      target: { value: 'Lovelace' },
    });
    fireEvent.change(screen.getByLabelText('Dates are'), { target: { value: 'departure' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Find Booking' }));
    expect(await screen.findByText('1–20 of 21')).toBeInTheDocument();
    const searches = () => calls.filter((call) => call.path === '/api/admin/booking-search');
    expect(searches().at(-1)?.body).toMatchObject({ name: 'Lovelace', dateField: 'departure' });
    expect((searches().at(-1)?.body as { from: string }).from).toBe(new Date('2026-12-01T00:00:00').toISOString());
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('21–21 of 21')).toBeInTheDocument();
    expect(searches().at(-1)?.body).toMatchObject({ name: 'Lovelace', offset: '20' });
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
  });

  it('says what is wrong with a filter before asking the engine', async () => {
    const { calls } = open();
    fireEvent.change(await screen.findByLabelText('Traveller phone'), { target: { value: '555' } });
    await userEvent.click(screen.getByRole('button', { name: 'Find Booking' }));
    expect(screen.getByLabelText('Traveller phone')).toHaveAccessibleDescription(/must include the country code/);
    expect(calls.some((call) => call.path === '/api/admin/booking-search')).toBe(false);
  });

  it('searches at once for the reference the inbox links to', async () => {
    const { calls } = open({}, '/admin/support?reference=ord12345');
    expect(await screen.findByRole('list', { name: 'Booking history' })).toBeInTheDocument();
    expect(screen.getByLabelText('Booking reference')).toHaveValue('ord12345');
    expect(calls.find((call) => call.path === '/api/admin/booking-search')?.body).toMatchObject({
      reference: 'ord12345',
    });
  });
});

describe('eventLabel', () => {
  it('turns event types into words', () => {
    expect(eventLabel('PassengersProvided')).toBe('Passengers provided');
    expect(eventLabel('PaymentAuthorized')).toBe('Payment authorized');
  });
});
