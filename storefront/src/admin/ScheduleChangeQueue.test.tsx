import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
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
});
