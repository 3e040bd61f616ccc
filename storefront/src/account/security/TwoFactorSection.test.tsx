import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentToast, dismissToast } from '../../ui/toast-store';
import { AccountSettingsPage } from '../AccountSettingsPage';
import { fakeEngine, renderPage, signedInUser } from '../../test-support/engine';

afterEach(() => {
  dismissToast();
});

const CODES = Array.from({ length: 10 }, (_, index) => `abcde${String(index).padStart(5, '2')}`.slice(0, 10));
const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on = (overrides = {}) => ({
  enabled: true,
  enabledAt: '2026-11-22T12:00:00.000Z',
  recoveryCodesLeft: 7,
  required: false,
  ...overrides,
});
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Contrail:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h1v1H0z"/></svg>',
};

function openSecurityTab() {
  renderPage(<AccountSettingsPage />, '/account-settings?tab=security');
}

describe('the Security tab two-factor panel', () => {
  it('enrols: QR code and key, a first code, then the recovery codes once', async () => {
    let status: object = off;
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/auth/two-factor': () => [200, status],
      'POST /api/auth/two-factor/enrol': [200, enrolment],
      'POST /api/auth/two-factor/confirm': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return [
            400,
            { message: 'That code is not valid.', errors: [{ path: 'code', message: 'That code is not valid.' }] },
          ];
        }
        status = on({ recoveryCodesLeft: 10 });
        return [200, { success: true, message: 'Two-factor authentication is enabled', recoveryCodes: CODES }];
      },
    });
    openSecurityTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const field = screen.getByLabelText('2. Enter the 6-digit code the app shows');
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByLabelText('2. Enter the 6-digit code the app shows')).toHaveAccessibleDescription(
      'That code is not valid.',
    );
    await userEvent.type(screen.getByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^abcde-\d{5}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('10 of 10')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/two-factor/confirm').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('shows since when it is on, how many recovery codes are left, and makes new ones with a code', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/auth/two-factor': [200, on()],
      'POST /api/auth/two-factor/recovery-codes': [200, { success: true, message: 'New', recoveryCodes: CODES }],
    });
    openSecurityTab();
    expect(await screen.findByText('November 22nd, 2026')).toBeInTheDocument();
    expect(screen.getByText('7 of 10')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code to confirm'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it('turns it off with the password and a code', async () => {
    let status: object = on();
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/auth/two-factor': () => [200, status],
      'POST /api/auth/two-factor/disable': () => {
        status = off;
        return [200, { success: true, message: 'Two-factor authentication is turned off' }];
      },
    });
    openSecurityTab();
    const form = (await screen.findByRole('heading', { name: 'Turn off two-factor authentication' })).closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    await userEvent.type(within(form).getByLabelText('Password'), 'secret-pw');
    await userEvent.type(within(form).getByLabelText('Authentication code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/two-factor/disable')?.body).toEqual({
      password: 'secret-pw',
      code: '123456',
    });
    expect(currentToast()).toMatchObject({ description: 'Two-factor authentication is turned off' });
  });

  it('offers no way to turn it off when the account requires it', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, { ...signedInUser, isAdmin: true }],
      'GET /api/auth/two-factor': [200, on({ required: true })],
    });
    openSecurityTab();
    expect(await screen.findByText(/must use two-factor authentication/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument());
  });
});
