import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '../ui/toast-store';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '../app/layout/use-logout';
import { renderRoutes } from '../app/test-utils';
import { AccountSettingsPage } from './AccountSettingsPage';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const strong = 'Correct-Horse-9';

async function openSecurity() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
}

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current Password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New Password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

function LogOut() {
  const logout = useLogout();
  return <button onClick={() => void logout()}>Log Out</button>;
}

describe('AccountSettingsPage', () => {
  it('logging out ends on /, never on /login?redirect= (issue 20)', async () => {
    let signedIn = true;
    fakeEngine({
      'GET /api/auth/user': () => (signedIn ? [200, signedInUser] : [401, { message: 'Not authenticated' }]),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return [200, { success: true, message: 'Logged out' }];
      },
    });
    // Home is code-split, as in the app: it is still loading when the user is gone.
    const Home = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { default: () => <p>Home page</p> };
    });
    const page = (
      <Suspense fallback={<p>Loading...</p>}>
        <Outlet />
      </Suspense>
    );
    const { router } = renderRoutes(
      [
        {
          element: page,
          children: [
            {
              path: '/account-settings',
              element: (
                <>
                  <LogOut />
                  <AccountSettingsPage />
                </>
              ),
            },
            { path: '/', element: <Home /> },
            { path: '/login', element: <p>Login page</p> },
          ],
        },
      ],
      '/account-settings',
    );
    await screen.findByText('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /login?redirect=/account-settings', async () => {
    fakeEngine({ 'GET /api/auth/user': [401, { message: 'Not authenticated' }] });
    renderPage(<AccountSettingsPage />, '/account-settings');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=/account-settings');
  });

  it('shows the profile: username, email and creation date', async () => {
    fakeEngine({ 'GET /api/auth/user': [200, signedInUser] });
    renderPage(<AccountSettingsPage />, '/account-settings');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByText('November 22nd, 2026')).toBeInTheDocument();
  });

  it('shows the real two-factor state in the security overview', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/auth/two-factor': [200, { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false }],
    });
    renderPage(<AccountSettingsPage />, '/account-settings');
    await openSecurity();
    expect(screen.getByText('Two-Factor Authentication', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('Not enabled')).toBeInTheDocument();
    expect(await screen.findByText('Off. Turn it on below.')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon.')).not.toBeInTheDocument();
  });

  it('checks the change-password rules with the seed messages', async () => {
    const { calls } = fakeEngine({ 'GET /api/auth/user': [200, signedInUser] });
    renderPage(<AccountSettingsPage />, '/account-settings');
    await openSecurity();
    await fill('', 'short', '');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is required');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'New password must be at least 12 characters',
    );
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'Please confirm your new password',
    );

    await userEvent.type(screen.getByLabelText('New Password'), 'lowercase-only');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    );
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), strong);
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Correct-Horse-8');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription("Passwords don't match");
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('changes the password, says "Success" and empties the form', async () => {
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'POST /api/auth/change-password': [200, { success: true, message: 'Your password has been updated' }],
    });
    renderPage(<AccountSettingsPage />, '/account-settings');
    await openSecurity();
    await fill('old-password', strong, strong);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Success', description: 'Your password has been updated' }),
    );
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/auth/change-password',
      body: { currentPassword: 'old-password', newPassword: strong },
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('says "Error" with the engine message when the current password is wrong', async () => {
    fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'POST /api/auth/change-password': [
        400,
        {
          message: 'Current password is incorrect',
          errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
        },
      ],
    });
    renderPage(<AccountSettingsPage />, '/account-settings');
    await openSecurity();
    await fill('wrong', strong, strong);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Current password is incorrect',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
  });
});
