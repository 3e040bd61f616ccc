import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { ScheduleChangeQueue } from './ScheduleChangeQueue';

const flight = (departingAt: string, arrivingAt: string) => ({
  flight: 'AA 10',
  origin: 'JFK',
  destination: 'LAX',
  departingAt,
  arrivingAt,
});

describe("support's schedule-change queue (issue #36)", () => {
  it('lists the changes no traveller has answered, with the old and new times and a link to the booking', async () => {
    fakeEngine({
      'GET /api/admin/schedule-changes': [
        200,
        {
          changes: [
            {
              changeId: 'aic_1',
              bookingId: 'b1',
              reference: 'ABC123',
              status: 'pending',
              detectedAt: new Date().toISOString(),
              before: [flight('2026-12-20T08:00:00', '2026-12-20T11:30:00')],
              after: [flight('2026-12-20T09:35:00', '2026-12-20T13:05:00')],
            },
          ],
        },
      ],
    });
    renderPage(<ScheduleChangeQueue />, '/admin/support');
    const queue = await screen.findByRole('region', { name: /Airline schedule changes/ });
    const link = await within(queue).findByRole('link', { name: 'ABC123' });
    expect(link).toHaveAttribute('href', '/admin/support?reference=ABC123');
    expect(within(queue).getByText('Departs 20 Dec 09:35')).toBeInTheDocument();
    expect(within(queue).getByText('Departs 20 Dec 08:00')).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    fakeEngine({ 'GET /api/admin/schedule-changes': [200, { changes: [] }] });
    renderPage(<ScheduleChangeQueue />, '/admin/support');
    expect(await screen.findByText('No schedule change is waiting for the traveller.')).toBeInTheDocument();
  });

  describe('support answering for the traveller', () => {
    const REASON = 'Ticket 5120: the traveller called';
    const pending = {
      changeId: 'aic_1',
      bookingId: 'b1',
      reference: 'ABC123',
      status: 'pending',
      detectedAt: new Date().toISOString(),
      before: [flight('2026-12-20T08:00:00', '2026-12-20T11:30:00')],
      after: [flight('2026-12-20T09:35:00', '2026-12-20T13:05:00')],
    };
    const member = (role: string) => ({ ...signedInUser, isAdmin: true, staff: { role, brands: ['default'] } });

    function open(answer: 'accept' | 'cancel', reply: object) {
      // The read model still lists the change after the answer (it catches up later).
      const engine = fakeEngine({
        'GET /api/auth/user': [200, member('support-agent')],
        'GET /api/admin/schedule-changes': [200, { changes: [pending] }],
        [`POST /api/admin/bookings/b1/schedule-changes/aic_1/${answer}`]: [200, reply],
      });
      renderPage(<ScheduleChangeQueue />, '/admin/support');
      return engine;
    }

    it('accepts after a confirm dialog that asks for the reason', async () => {
      const { calls } = open('accept', { success: true, message: 'The new times were accepted for the traveller.' });
      await userEvent.click(await screen.findByRole('button', { name: 'Accept for the traveller: ABC123' }));
      const dialog = await screen.findByRole('dialog', { name: 'Accept the new times for the traveller?' });
      expect(dialog).toHaveAccessibleDescription(/Booking ABC123 ?\. The airline is told the traveller accepts/);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Accept new times' }));
      expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(/Please give a reason/);
      expect(calls.some((call) => call.method === 'POST')).toBe(false);

      await userEvent.type(within(dialog).getByLabelText(/Reason/), REASON);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Accept new times' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'ABC123: The new times were accepted for the traveller.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/admin/bookings/b1/schedule-changes/aic_1/accept',
        body: { reason: REASON },
      });
      // Answered: gone from the queue at once, though the read model has not caught up yet.
      expect(await screen.findByText('No schedule change is waiting for the traveller.')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'ABC123' })).not.toBeInTheDocument();
    });

    it('cancels with a full refund, and Back sends nothing', async () => {
      const { calls } = open('cancel', {
        success: true,
        message: 'Booking cancelled',
        refund: { amount: '553.50', currency: 'USD' },
      });
      const cancel = await screen.findByRole('button', { name: 'Cancel with a full refund: ABC123' });
      await userEvent.click(cancel);
      await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await userEvent.click(cancel);
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this trip with a full refund?' });
      expect(dialog).toHaveTextContent('no fee is kept');
      await userEvent.type(within(dialog).getByLabelText(/Reason/), REASON);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
      expect(await screen.findByRole('status')).toHaveTextContent('ABC123: Booking cancelled. $553.50 refunded.');
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/admin/bookings/b1/schedule-changes/aic_1/cancel', body: { reason: REASON } },
      ]);
    });

    it('shows the engine’s refusal in the dialog', async () => {
      fakeEngine({
        'GET /api/auth/user': [200, member('support-agent')],
        'GET /api/admin/schedule-changes': [200, { changes: [pending] }],
        'POST /api/admin/bookings/b1/schedule-changes/aic_1/accept': [
          409,
          {
            message: 'This schedule change has already been answered, or is not this booking’s',
            code: 'NO_SCHEDULE_CHANGE',
          },
        ],
      });
      renderPage(<ScheduleChangeQueue />, '/admin/support');
      await userEvent.click(await screen.findByRole('button', { name: 'Accept for the traveller: ABC123' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(/Reason/), REASON);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Accept new times' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('already been answered');
    });

    it('offers no answer to an auditor, who may only look', async () => {
      const { calls } = fakeEngine({
        'GET /api/auth/user': [200, member('auditor')],
        'GET /api/admin/schedule-changes': [200, { changes: [pending] }],
      });
      renderPage(<ScheduleChangeQueue />, '/admin/support');
      await screen.findByRole('link', { name: 'ABC123' });
      await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/auth/user'));
      expect(screen.queryByRole('button', { name: /Accept for the traveller/ })).not.toBeInTheDocument();
    });
  });
});
