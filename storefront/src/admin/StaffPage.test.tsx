import type { StaffChange, StaffMember } from '@contrail/shared/staff/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { StaffPage } from './StaffPage';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const skyAdmin = { ...signedInUser, isAdmin: true, staff: { role: 'brand-admin', brands: ['skyhop'] } };
const ana: StaffMember = {
  id: 's-ana',
  email: 'ana@example.com',
  username: 'ana',
  name: 'Ana Lopez',
  role: 'support-agent',
  brands: ['skyhop'],
  status: 'active',
  invitedAt: '2026-11-22T10:00:00.000Z',
  invitationExpiresAt: null,
};
const root: StaffMember = {
  ...ana,
  id: 's-root',
  email: 'root@example.com',
  username: 'root',
  name: 'Root',
  role: 'platform-admin',
  brands: [],
};
const history: StaffChange[] = [
  {
    staffId: 's-ana',
    type: 'invited',
    email: 'ana@example.com',
    role: 'support-agent',
    brands: ['skyhop'],
    by: 'ada',
    at: '2026-11-22T10:00:00.000Z',
    reason: 'winter desk hire',
  },
];

function open(table: Parameters<typeof fakeEngine>[0] = {}) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, skyAdmin],
    'GET /api/admin/staff': [200, { staff: [ana, root] }],
    'GET /api/admin/staff/history': [200, { changes: history }],
    ...table,
  });
  renderPage(<StaffPage />, '/admin/staff');
  return engine;
}

describe('StaffPage', () => {
  it('lists the team with role, brands and status, and the history with who and why', async () => {
    open();
    const team = await screen.findByRole('list', { name: 'Staff' });
    expect(within(team).getByText('Ana Lopez')).toBeInTheDocument();
    expect(within(team).getByText('Support agent · skyhop')).toBeInTheDocument();
    expect(within(team).getByText('Platform admin · every brand')).toBeInTheDocument();
    expect(await screen.findByText(/by ada, .*: “winter desk hire”/)).toBeInTheDocument();
  });

  it('shows a brand admin only the actions the policy allows: never on a platform admin, never platform admin offered', async () => {
    open();
    await screen.findByRole('list', { name: 'Staff' });
    expect(screen.getByRole('button', { name: 'Change role of ana@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change role of root@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke access of root@example.com' })).toBeNull();
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(within(role).queryByRole('option', { name: 'Platform admin' })).toBeNull();
    expect(within(role).getByRole('option', { name: 'Brand admin' })).toBeInTheDocument();
  });

  it('revokes with a reason, asked for before anything is sent', async () => {
    const engine = open({ 'POST /api/admin/staff/s-ana/revoke': [200, { ...ana, status: 'revoked' }] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke access of ana@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Revoke Access' }));
    expect(await screen.findByText('Please give a reason (5 to 500 characters)')).toBeInTheDocument();
    expect(engine.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Reason for revoking' }), 'left the company');
    await user.click(screen.getByRole('button', { name: 'Revoke Access' }));
    await waitFor(() =>
      expect(engine.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { reason: 'left the company' },
      ]),
    );
  });

  it('invites with a role and brands, checking the form with the shared contract first', async () => {
    const engine = open({
      'POST /api/admin/staff/invitations': [201, { ...ana, id: 's-new', email: 'new@example.com', status: 'invited' }],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.type(screen.getAllByRole('textbox', { name: /Reason/ })[0]!, 'new desk hire');
    await user.click(screen.getByRole('button', { name: /Send Invitation/ }));
    expect(await screen.findByText('Choose at least one brand for this role')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'skyhop' }));
    await user.click(screen.getByRole('button', { name: /Send Invitation/ }));
    await waitFor(() =>
      expect(engine.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { email: 'new@example.com', role: 'support-agent', brands: ['skyhop'], reason: 'new desk hire' },
      ]),
    );
  });

  it('says when there is nobody yet, and offers to try again after an error', async () => {
    open({ 'GET /api/admin/staff': [200, { staff: [] }] });
    expect(await screen.findByText('No staff yet. Invite someone above.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    open({ 'GET /api/admin/staff': [500, { message: 'Database unavailable' }] });
    expect(await screen.findByText('Error: Failed to load staff')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the sign-in page, which brings them back', async () => {
    open({ 'GET /api/auth/user': [401, { message: 'Not authenticated' }] });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fadmin%2Fstaff');
  });
});
