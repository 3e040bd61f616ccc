import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { EmailAlertsCard } from './EmailAlertsCard';

afterEach(() => dismissToast());

const agent = { ...signedInUser, isAdmin: true, staff: { role: 'support-agent', brands: ['skyhop', 'oceanair'] } };
const none = { email: 'ada@skyhop.example', brand: null, events: [] };

function open(table: Parameters<typeof fakeEngine>[0] = {}) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, agent],
    'GET /api/admin/email-alerts': [200, none],
    ...table,
  });
  renderPage(<EmailAlertsCard />, '/admin-settings');
  return engine;
}

describe('EmailAlertsCard', () => {
  it('shows where alerts go and that none are chosen, then saves a brand and events chosen by keyboard', async () => {
    const engine = open({
      'PUT /api/admin/email-alerts': [200, { ...none, brand: 'oceanair', events: ['booking.failed'] }],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your email alerts...');
    expect(await screen.findByText('ada@skyhop.example')).toBeInTheDocument();
    expect(screen.getByText(/No events chosen: nothing is emailed to you/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Events of'), 'oceanair');
    const failed = screen.getByRole('checkbox', { name: 'Booking failed' });
    failed.focus();
    await userEvent.keyboard(' ');
    expect(failed).toBeChecked();
    expect(screen.queryByText(/No events chosen/)).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Save email alerts' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(engine.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        brand: 'oceanair',
        events: ['booking.failed'],
      }),
    );
  });

  it('offers every brand first, and the brands of the scope', async () => {
    open();
    const select = await screen.findByLabelText('Events of');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All my brands',
      'skyhop',
      'oceanair',
    ]);
  });

  it('says when the alerts could not be loaded or saved, and loads them again on request', async () => {
    let fail = true;
    open({
      'GET /api/admin/email-alerts': () => (fail ? [500, { message: 'Boom' }] : [200, none]),
      'PUT /api/admin/email-alerts': [403, { message: 'You can choose alerts for your own brands only' }],
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Refund issued' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save email alerts' }));
    expect(await screen.findByText('You can choose alerts for your own brands only')).toBeInTheDocument();
  });
});
