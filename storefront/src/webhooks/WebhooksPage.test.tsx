import type { WebhookDelivery, WebhookEndpoint } from '@contrail/shared/webhooks/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { WebhooksPage } from './WebhooksPage';

afterEach(() => dismissToast());

const brandAdmin = { ...signedInUser, isAdmin: true, staff: { role: 'brand-admin', brands: ['skyhop'] } };
const endpoint: WebhookEndpoint = {
  id: 'we_1',
  url: 'https://hooks.skyhop.example/in',
  events: ['booking.confirmed', 'refund.issued'],
  brand: 'skyhop',
  description: 'Back office',
  enabled: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  createdBy: 'ada',
};
const failed: WebhookDelivery = {
  eventId: 'evt_9',
  type: 'booking.confirmed',
  status: 'pending',
  attempts: 3,
  lastError: 'The endpoint answered 503',
  lastStatus: 503,
  nextAttemptAt: '2026-11-22T11:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

function open(table: Parameters<typeof fakeEngine>[0] = {}) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, brandAdmin],
    'GET /api/admin/webhooks': [200, { endpoints: [endpoint] }],
    ...table,
  });
  renderPage(<WebhooksPage />, '/admin/webhooks');
  return engine;
}

describe('WebhooksPage', () => {
  it('adds an endpoint for the brand with the chosen events and shows its secret once', async () => {
    const engine = open({
      'POST /api/admin/webhooks': [201, { ...endpoint, id: 'we_2', events: ['booking.failed'], secret: 'whsec_abc' }],
    });
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.skyhop.example/in');
    await userEvent.click(screen.getByRole('checkbox', { name: /Booking confirmed/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Booking failed/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByLabelText('Secret')).toHaveTextContent('whsec_abc');
    expect(engine.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.skyhop.example/in',
      events: ['booking.failed'],
      description: '',
      brand: 'skyhop',
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();
  });

  it('says what is wrong before sending, and shows the engine’s refusal on the URL field', async () => {
    const engine = open({
      'POST /api/admin/webhooks': [
        400,
        { message: 'Invalid request', errors: [{ path: 'url', message: 'Use an https URL' }] },
      ],
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Booking confirmed/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Choose at least one event')).toBeInTheDocument();
    expect(engine.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /Booking cancelled/ }));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'http://hooks.skyhop.example/in');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Use an https URL')).toBeInTheDocument();
  });

  it('shows an endpoint’s deliveries with the last error, and sends one again', async () => {
    const engine = open({
      'GET /api/admin/webhooks/we_1/deliveries': [200, { deliveries: [failed] }],
      'POST /api/admin/webhooks/we_1/deliveries/evt_9/send-again': [202, { queued: true }],
    });
    expect(await screen.findByRole('heading', { name: endpoint.url })).toBeInTheDocument();
    expect(screen.getByText(/Events of skyhop · Enabled · Back office/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText(/3 attempts/)).toBeInTheDocument();
    expect(within(log).getByText('Last error: The endpoint answered 503')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(engine.calls.some((call) => call.path === '/api/admin/webhooks/we_1/deliveries/evt_9/send-again')).toBe(
        true,
      ),
    );
  });

  it('asks before deleting, and disables', async () => {
    const engine = open({
      'DELETE /api/admin/webhooks/we_1': [204, undefined],
      'PATCH /api/admin/webhooks/we_1': [200, { ...endpoint, enabled: false }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(engine.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ enabled: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(engine.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete it and its log' }));
    await waitFor(() => expect(engine.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('says when there is no endpoint yet', async () => {
    open({ 'GET /api/admin/webhooks': [200, { endpoints: [] }] });
    expect(await screen.findByText('No endpoints yet: add one above.')).toBeInTheDocument();
  });

  it('shows the engine’s error when the list cannot be loaded', async () => {
    open({ 'GET /api/admin/webhooks': [503, { message: 'The service is temporarily unavailable.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable.');
  });
});
