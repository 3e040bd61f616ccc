import type { ScheduleChangeView } from '@contrail/shared/booking/schedule-change';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { bookingView } from '../test-support/bookings';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { MyTripsPage } from './MyTripsPage';

const change = (status: ScheduleChangeView['status'] = 'pending'): ScheduleChangeView => ({
  changeId: 'aic_1',
  bookingId: 'c1',
  reference: 'ORD_C1XY',
  status,
  detectedAt: '2026-11-29T10:00:00.000Z',
  before: [
    {
      flight: 'BA 117',
      origin: 'LHR',
      destination: 'JFK',
      departingAt: '2026-12-20T18:05:00',
      arrivingAt: '2026-12-20T21:00:00',
    },
  ],
  after: [
    {
      flight: 'BA 117',
      origin: 'LHR',
      destination: 'JFK',
      departingAt: '2026-12-20T19:40:00',
      arrivingAt: '2026-12-20T22:35:00',
    },
  ],
});

describe('My Trips: airline schedule changes (issue #36)', () => {
  it('shows "Action needed" with the old and new times side by side, and accepts the new times', async () => {
    const user = userEvent.setup();
    let answered = false;
    const engine = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/schedule-changes': () => [200, { changes: [change(answered ? 'accepted' : 'pending')] }],
      'POST /api/bookings/c1/schedule-changes/aic_1/accept': () => {
        answered = true;
        return [200, { success: true, message: 'You accepted the new times.' }];
      },
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const notice = await screen.findByRole('region', { name: 'The airline changed your flights' });
    expect(within(notice).getByText('Action needed')).toBeInTheDocument();
    const [, row] = within(notice).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Departs 20 Dec 18:05Arrives 20 Dec 21:00');
    expect(cells[1]).toHaveTextContent('Departs 20 Dec 19:40Arrives 20 Dec 22:35');
    expect(within(notice).getByRole('columnheader', { name: 'Before' })).toBeInTheDocument();
    expect(within(notice).getByRole('columnheader', { name: 'Now' })).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Accept new times' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You accepted the new times.');
    expect(screen.queryByRole('region', { name: 'The airline changed your flights' })).not.toBeInTheDocument();
    expect(engine.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'POST /api/bookings/c1/schedule-changes/aic_1/accept',
    );
  });

  it('asks to confirm before cancelling with a full refund, says nothing is kept, and shows a refusal', async () => {
    const user = userEvent.setup();
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/schedule-changes': [200, { changes: [change()] }],
      'POST /api/bookings/c1/schedule-changes/aic_1/cancel': [
        409,
        { success: false, message: 'This schedule change has already been answered, or is not this booking’s' },
      ],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    const notice = await screen.findByRole('region', { name: 'The airline changed your flights' });
    await user.click(within(notice).getByRole('button', { name: 'Cancel with a full refund' }));
    expect(within(notice).getByText(/no fee is kept/)).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent('already been answered');
  });

  it('shows nothing when no change waits for an answer', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/bookings': [200, [bookingView({ id: 'c1', status: 'confirmed' })]],
      'GET /api/schedule-changes': [200, { changes: [change('accepted')] }],
    });
    renderPage(<MyTripsPage />, '/my-trips');
    await screen.findByRole('tab', { name: 'Upcoming 1' });
    expect(screen.queryByText('Action needed')).not.toBeInTheDocument();
  });
});
