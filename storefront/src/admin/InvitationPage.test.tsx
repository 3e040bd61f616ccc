import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage } from '../test-support/engine';
import { InvitationPage } from './InvitationPage';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'A'.repeat(43);
const view = {
  email: 'ana@example.com',
  role: 'support-agent',
  brands: ['skyhop'],
  expiresAt: '2026-11-25T12:00:00.000Z',
};

it('opens the invitation from the link and creates the staff account, then points to sign-in on its brand', async () => {
  const engine = fakeEngine({
    'GET /api/auth/user': [401, { message: 'Not authenticated' }],
    [`GET /api/staff/invitations/${TOKEN}`]: [200, view],
    'POST /api/staff/invitations/accept': [201, { success: true, username: 'ana', brandKey: 'skyhop' }],
  });
  renderPage(<InvitationPage />, `/admin/invitation#token=${TOKEN}`, '/admin/invitation');
  expect(await screen.findByText(/ana@example.com is invited as Support agent for skyhop/)).toBeInTheDocument();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'ana');
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Lopez');
  await user.type(screen.getByLabelText('Password'), 'a-Staff-Password-9!');
  await user.type(screen.getByLabelText('Confirm password'), 'a-Staff-Password-9!');
  await user.click(screen.getByRole('button', { name: 'Create Staff Account' }));
  expect(await screen.findByText('Your staff account ana is ready.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in to the admin pages' })).toHaveAttribute(
    'href',
    '/login?brand=skyhop&redirect=%2Fadmin-settings',
  );
  await waitFor(() =>
    expect(engine.calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: TOKEN,
      username: 'ana',
      firstName: 'Ana',
      lastName: 'Lopez',
      password: 'a-Staff-Password-9!',
    }),
  );
});

it('says a used or expired link is not valid', async () => {
  fakeEngine({ [`GET /api/staff/invitations/${TOKEN}`]: [404, { message: 'This invitation link is not valid' }] });
  renderPage(<InvitationPage />, `/admin/invitation#token=${TOKEN}`, '/admin/invitation');
  expect(await screen.findByText('Invitation not valid')).toBeInTheDocument();
});
