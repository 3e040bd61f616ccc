import type { ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { AdminSupportPage } from './AdminSupportPage';
import { RECONCILIATION_PLATFORM_ONLY } from './AdminSupportReconciliation';

afterEach(() => vi.unstubAllGlobals());

const admin = { ...signedInUser, isAdmin: true };
const report = (overrides: Partial<ReconciliationReport> = {}): ReconciliationReport => ({
  checkedAt: '2026-11-22T10:00:00.000Z',
  since: '2026-11-14T10:00:00.000Z',
  repaired: true,
  counts: {
    bookings: { confirmed: 12, failed: 3, pending: 1, cancelled: 2, completed: 4 },
    authorizations: 18,
    orders: 16,
    captures: 18,
    voids: 3,
  },
  repairs: [],
  mismatches: [],
  unchecked: [],
  ...overrides,
});
const finding = { bookingId: 'bk_9', paymentId: 'pi_9', orderId: null };

function open(table: Parameters<typeof fakeEngine>[0]) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, admin],
    // The access log shows beside the reconciliation for platform admins.
    'GET /api/admin/access-log': [200, { entries: [] }],
    ...table,
  });
  renderPage(<AdminSupportPage />, '/admin/support');
  return engine;
}

describe('the reconciliation section of the support page', () => {
  it('shows the last report: figures, and that everything matches', async () => {
    open({ 'GET /api/admin/reconciliation': [200, { report: report() }] });
    const section = await screen.findByRole('region', { name: 'Last reconciliation' });
    expect(within(section).getByText('Confirmed').nextSibling).toHaveTextContent('16');
    expect(within(section).getByText('Captures').nextSibling).toHaveTextContent('18');
    expect(within(section).getByText('Everything matches.')).toBeInTheDocument();
  });

  it('lists what needs a person apart from what was repaired', async () => {
    open({
      'GET /api/admin/reconciliation': [
        200,
        {
          report: report({
            mismatches: [
              {
                ...finding,
                kind: 'capture-without-booking',
                detail: 'the card was captured but no confirmed booking holds the payment',
              },
            ],
            repairs: [
              {
                ...finding,
                kind: 'unused-hold',
                detail: 'no booking took this authorization',
                action: 'release and void the hold',
              },
            ],
          }),
        },
      ],
    });
    expect(await screen.findByText('Needs a person')).toBeInTheDocument();
    expect(screen.getByText('the card was captured but no confirmed booking holds the payment')).toBeInTheDocument();
    expect(screen.getByText('no booking took this authorization: release and void the hold')).toBeInTheDocument();
    expect(screen.getByText('capture-without-booking · booking bk_9 · pi_9')).toBeInTheDocument();
    expect(screen.queryByText('Everything matches.')).not.toBeInTheDocument();
  });

  it('checks only, or reconciles now, and shows the new report', async () => {
    const { calls } = open({
      'GET /api/admin/reconciliation': [200, { report: null }],
      'POST /api/admin/reconciliation': (body) => [
        200,
        { report: report({ repaired: !(body as { dryRun: boolean }).dryRun }) },
      ],
    });
    expect(await screen.findByText('No reconciliation has run yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check only' }));
    expect(await screen.findByText(/a check only: nothing was changed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile now' }));
    await waitFor(() => expect(screen.queryByText(/a check only/)).not.toBeInTheDocument());
    expect(screen.getByText('Everything matches.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { dryRun: true },
      { dryRun: false },
    ]);
  });

  it('shows the spinner on the button that started the run, both disabled meanwhile', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    open({
      'GET /api/admin/reconciliation': [200, { report: null }],
      'POST /api/admin/reconciliation': () => new Promise((resolve) => (answer = resolve)),
    });
    const check = await screen.findByRole('button', { name: 'Check only' });
    const reconcile = screen.getByRole('button', { name: 'Reconcile now' });
    await userEvent.click(check);
    await waitFor(() => expect(check).toBeDisabled());
    expect(reconcile).toBeDisabled();
    expect(check.querySelector('.animate-spin')).not.toBeNull();
    expect(reconcile.querySelector('.animate-spin')).toBeNull();
    answer([200, { report: report({ repaired: false }) }]);
    await waitFor(() => expect(check).toBeEnabled());
    expect(check.querySelector('.animate-spin')).toBeNull();
  });

  it('tells a brand admin it is for platform admins, without the buttons', async () => {
    open({ 'GET /api/admin/reconciliation': [403, { message: 'Platform admin access required' }] });
    expect(await screen.findByText(RECONCILIATION_PLATFORM_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).not.toBeInTheDocument();
  });

  it('says when a run fails', async () => {
    open({
      'GET /api/admin/reconciliation': [200, { report: null }],
      'POST /api/admin/reconciliation': [503, { message: 'The flight provider is unavailable' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The flight provider is unavailable');
  });
});
