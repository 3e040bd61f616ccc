import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '../ui/toast-store';
import { LoginPage } from './LoginPage';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('LoginPage', () => {
  it('shows the seed messages under empty fields and sends nothing', async () => {
    const { calls } = fakeEngine({});
    renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('signs in, says "Login successful" and goes to /', async () => {
    const { calls, brandKeys } = fakeEngine({
      'POST /api/auth/login': [200, { success: true, message: 'Login successful', user: signedInUser }],
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: 'ada', password: 'secret-pw' },
    });
    expect(currentToast()).toMatchObject({ title: 'Login successful' });
    // The engine keeps the session to this brand (jsdom runs on localhost: the default brand).
    expect(brandKeys[0]).toBe('default');
  });

  it('goes back to the redirect page, but never off the site', async () => {
    fakeEngine({ 'POST /api/auth/login': [200, { success: true, message: 'Login successful', user: signedInUser }] });
    renderPage(<LoginPage />, '/login?redirect=/account-settings');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/account-settings');
  });

  it('ignores a redirect to another site', async () => {
    fakeEngine({ 'POST /api/auth/login': [200, { success: true, message: 'Login successful', user: signedInUser }] });
    renderPage(<LoginPage />, '/login?redirect=//evil.example/');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('says "Login failed" with the engine message, and stays', async () => {
    const { calls } = fakeEngine({ 'POST /api/auth/login': [401, { message: 'Invalid username or password' }] });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Login failed',
        description: 'Invalid username or password',
        variant: 'destructive',
      }),
    );
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows the rate-limit message when the engine answers 429', async () => {
    const message = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
    fakeEngine({ 'POST /api/auth/login': [429, { message, code: 'RATE_LIMITED' }] });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Login failed', description: message }));
  });

  it('links to registration and has a forgot-password link that goes nowhere', () => {
    fakeEngine({});
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '#');
  });
});
