import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { currentToast, dismissToast } from '../ui/toast-store';
import { AdminSettingsPage } from './AdminSettingsPage';
import { reloadPage } from './reload-page';
import { scaled } from '@contrail/shared/test-support/time-scale';

vi.mock('./reload-page', () => ({ MODE_RELOAD_DELAY_MS: 1000, reloadPage: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  dismissToast();
});

const admin = { ...signedInUser, isAdmin: true };
const testMode = {
  enableLiveMode: false,
  environment: 'development',
  duffelApiConfigured: true,
  stripeConfigured: true,
  sandboxes: { flights: 'none', payments: 'none' },
} as const;
const ok = { success: true, message: 'Admin session refreshed' };

function open(table: Parameters<typeof fakeEngine>[0]) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, admin],
    'GET /api/admin/settings': [200, testMode],
    'GET /api/admin/settings/history': [200, { changes: [] }],
    ...table,
  });
  renderPage(<AdminSettingsPage />, '/admin-settings');
  return engine;
}

const posts = (calls: ReturnType<typeof fakeEngine>['calls']) =>
  calls.filter((call) => call.method === 'POST').map((call) => `${call.path} ${JSON.stringify(call.body ?? null)}`);

async function expectAccessDenied() {
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  expect(currentToast()).toMatchObject({
    title: 'Access Denied',
    description: "You don't have permission to access admin settings.",
  });
}

describe('AdminSettingsPage access', () => {
  it('sends a signed-out visitor (401) to the sign-in page, which brings them back', async () => {
    const { calls } = open({ 'GET /api/auth/user': [401, { message: 'Not authenticated' }] });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fadmin-settings');
    expect(currentToast()).toBeNull();
    expect(calls.some((call) => call.path === '/api/admin/settings')).toBe(false);
  });

  it('sends a signed-in non-admin to / without asking for the settings', async () => {
    const { calls } = open({ 'GET /api/auth/user': [200, signedInUser] });
    await expectAccessDenied();
    expect(calls.some((call) => call.path === '/api/admin/settings')).toBe(false);
  });

  it('sends an admin the settings call answers 403 to / with "Access Denied"', async () => {
    open({ 'GET /api/admin/settings': [403, { message: 'Admin access required' }] });
    await expectAccessDenied();
  });

  it('says "Error: Failed to load admin settings" when the settings call fails otherwise', async () => {
    open({ 'GET /api/admin/settings': [500, { message: 'Internal error' }] });
    expect(await screen.findByText('Error: Failed to load admin settings')).toBeInTheDocument();
    expect(screen.getByText('Internal error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('AdminSettingsPage mode switches', () => {
  it('lists each switch newest first, with who made it', async () => {
    open({
      'GET /api/admin/settings/history': [
        200,
        {
          changes: [
            { mode: 'live', by: 'root', at: '2026-11-20T09:00:00.000Z' },
            { mode: 'test', by: 'ops-lead', at: '2026-11-21T17:30:00.000Z' },
          ],
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Mode switches' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Test Modeby ops-lead, /),
      expect.stringMatching(/^Live Modeby root, /),
    ]);
    expect(
      within(items[0]!)
        .getByText(/2026|Nov/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-11-21T17:30:00.000Z');
  });

  it('says when the mode was never switched', async () => {
    open({});
    expect(await screen.findByText('The mode has never been switched: it is test mode.')).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    open({ 'GET /api/admin/settings/history': [500, { message: 'The engine failed' }] });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('The engine failed')).toBeInTheDocument();
  });
});

describe('AdminSettingsPage settings', () => {
  it('shows the environment, the mode, each provider badge and Back to Account', async () => {
    const unconfigured = { stripeConfigured: false, sandboxes: { flights: 'none', payments: 'in-engine' } };
    open({ 'GET /api/admin/settings': [200, { ...testMode, ...unconfigured }] });
    expect(await screen.findByText('Environment: development')).toBeInTheDocument();
    expect(screen.getAllByText('Test Mode')[0]).toBeInTheDocument();
    const flight = screen.getByText('Flight provider').closest('li')!;
    const cards = screen.getByText('Card payments').closest('li')!;
    expect(within(flight).getByText('Configured')).toBeInTheDocument();
    expect(within(cards).getByText('Built-in Sandbox')).toBeInTheDocument();
    expect(within(cards).getByText('In use: the built-in sandbox (test data, in this engine).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Account' })).toHaveAttribute('href', '/account-settings');
  });

  it('disables the switch and says why when a provider is not configured', async () => {
    open({
      'GET /api/admin/settings': [
        200,
        { ...testMode, duffelApiConfigured: false, sandboxes: { flights: 'sandboxes-process', payments: 'none' } },
      ],
    });
    const toggle = await screen.findByRole('switch', { name: 'Live Mode' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'Live mode can be enabled only when both the flight provider and card payments are configured. Not configured: the flight provider.',
    );
  });

  it('asks for confirmation and does nothing when cancelled', async () => {
    const { calls } = open({});
    await userEvent.click(await screen.findByRole('switch', { name: 'Live Mode' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enable live mode?' });
    expect(dialog).toHaveTextContent(/Warning: in live mode every search, booking and card payment is real/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('confirms, pre-authenticates, saves, re-authenticates, says "Settings Updated" and reloads after 1 s', async () => {
    const { calls } = open({
      'POST /api/admin/login': [200, ok],
      'POST /api/admin/settings': [
        200,
        { success: true, message: 'Live mode enabled', ...testMode, enableLiveMode: true },
      ],
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Live Mode' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Live Mode' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Settings Updated', description: 'Live mode enabled' }),
    );
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(posts(calls)).toEqual([
      '/api/admin/login {}',
      '/api/admin/settings {"enableLiveMode":true}',
      '/api/admin/login {}',
    ]);
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: scaled(2000) });
  });

  it('switches back to test mode without a confirmation', async () => {
    const { calls } = open({
      'GET /api/admin/settings': [200, { ...testMode, enableLiveMode: true }],
      'POST /api/admin/login': [200, ok],
      'POST /api/admin/settings': [200, { success: true, message: 'Test mode enabled', ...testMode }],
    });
    expect(await screen.findByText('Live Mode', { selector: 'span' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Live Mode' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Settings Updated', description: 'Test mode enabled' }),
    );
    expect(posts(calls)[1]).toBe('/api/admin/settings {"enableLiveMode":false}');
    // The reload comes 1 s later: waited for here, so it never lands in the next test.
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: scaled(2000) });
  });
});

describe('AdminSettingsPage failures', () => {
  async function enableLive() {
    await userEvent.click(await screen.findByRole('switch', { name: 'Live Mode' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Live Mode' }));
  }

  it('says "Authentication Failed" when the pre-authentication is refused, and saves nothing', async () => {
    const { calls } = open({ 'POST /api/admin/login': [401, { message: 'Not authenticated' }] });
    await enableLive();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Authentication Failed',
        description: 'Not authenticated',
        variant: 'destructive',
      }),
    );
    expect(posts(calls)).toEqual(['/api/admin/login {}']);
    expect(screen.getByRole('switch', { name: 'Live Mode' })).not.toBeChecked();
  });

  it('says "Authentication Error" when the pre-authentication gets no answer', async () => {
    open({
      'POST /api/admin/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await enableLive();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Authentication Error', variant: 'destructive' }),
    );
  });

  it('says "Mode Change Failed" with the reason when the engine refuses the switch', async () => {
    open({
      'POST /api/admin/login': [200, ok],
      'POST /api/admin/settings': [
        409,
        { message: 'Live mode needs the card payments configured', code: 'LIVE_MODE_UNAVAILABLE' },
      ],
    });
    await enableLive();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Mode Change Failed',
        description: 'Live mode needs the card payments configured',
      }),
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('says "Failed to Update" when saving fails otherwise', async () => {
    open({
      'POST /api/admin/login': [200, ok],
      'POST /api/admin/settings': [403, { message: 'Platform admin access required' }],
    });
    await enableLive();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Failed to Update',
        description: 'Platform admin access required',
      }),
    );
    expect(screen.getByRole('switch', { name: 'Live Mode' })).toBeEnabled();
  });
});

describe('AdminSettingsPage for brand staff', () => {
  it('hides the whole-system switch from a brand admin, saying who may use it, and offers the Staff page', async () => {
    open({
      'GET /api/auth/user': [200, { ...admin, staff: { role: 'brand-admin', brands: ['skyhop'] } }],
    });
    expect(
      await screen.findByText('The system mode covers every brand: only a platform admin switches it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('link', { name: /Manage Staff/ })).toHaveAttribute('href', '/admin/staff');
  });

  it('offers a support agent neither the switch nor the Staff page', async () => {
    open({
      'GET /api/auth/user': [200, { ...admin, staff: { role: 'support-agent', brands: ['skyhop'] } }],
    });
    await screen.findByText('The system mode covers every brand: only a platform admin switches it.');
    expect(screen.queryByRole('link', { name: /Manage Staff/ })).toBeNull();
  });
});
