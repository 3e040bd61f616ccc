import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentToast, dismissToast } from '../../ui/toast-store';
import { LoginPage } from '../LoginPage';
import { fakeEngine, renderPage, signedInUser } from '../../test-support/engine';

afterEach(() => {
  dismissToast();
});

const CODES = Array.from({ length: 10 }, (_, index) =>
  `kmnpq${index}${index}${index}${index}${index}`.replace(/[01]/g, '2'),
);

async function password() {
  await userEvent.type(screen.getByLabelText('Username'), 'ops');
  await userEvent.type(screen.getByLabelText('Password'), 'a-Password-1!');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('the second step of sign-in', () => {
  it('asks for the code after the password, and is signed in only once it passes', async () => {
    const { calls } = fakeEngine({
      'POST /api/auth/login': [200, { success: true, message: 'Enter the code', twoFactor: 'code' }],
      'POST /api/auth/login/two-factor': (body) =>
        (body as { code: string }).code === '246810'
          ? [200, { success: true, message: 'Login successful', user: signedInUser }]
          : [401, { message: 'That code is not valid. Check your authenticator app and try again.' }],
    });
    renderPage(<LoginPage />, '/login?redirect=/my-trips');
    await password();
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(currentToast()).toBeNull();
    await userEvent.type(screen.getByLabelText('Authentication code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/^That code is not valid/));
    expect(field).toHaveValue('');
    expect(currentToast()).toMatchObject({ title: 'Verification failed' });
    await userEvent.type(screen.getByLabelText('Authentication code'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-trips');
    expect(currentToast()).toMatchObject({ title: 'Login successful' });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/login',
      '/api/auth/login/two-factor',
      '/api/auth/login/two-factor',
    ]);
  });

  it('takes a recovery code too', async () => {
    const { calls } = fakeEngine({
      'POST /api/auth/login': [200, { success: true, message: 'Enter the code', twoFactor: 'code' }],
      'POST /api/auth/login/two-factor': [200, { success: true, message: 'Login successful', user: signedInUser }],
    });
    renderPage(<LoginPage />, '/login');
    await password();
    await userEvent.type(await screen.findByLabelText('Authentication code'), 'KMNPQ-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    // Sent as the engine compares it: lower case, no dash.
    expect(calls[1]?.body).toEqual({ code: 'kmnpq23456' });
  });

  it('sends staff without two-factor authentication to enrol before anything else', async () => {
    fakeEngine({
      'POST /api/auth/login': [200, { success: true, message: 'Set it up', twoFactor: 'enrol' }],
      'POST /api/auth/login/two-factor/enrol': [
        200,
        {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Contrail:ops?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      ],
      'POST /api/auth/login/two-factor/confirm': [
        200,
        { success: true, message: 'Enabled', user: { ...signedInUser, isAdmin: true }, recoveryCodes: CODES },
      ],
    });
    renderPage(<LoginPage />, '/login?redirect=/admin-settings');
    await password();
    expect(await screen.findByRole('heading', { name: 'Set Up Two-Factor Authentication' })).toBeInTheDocument();
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    await userEvent.type(screen.getByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin-settings');
  });
});
