import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '../ui/toast-store';
import { RegisterPage } from './RegisterPage';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

async function fill(values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    username: 'Username',
    password: 'Password',
    confirmPassword: 'Confirm Password',
  };
  for (const [field, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(labels[field]!), value);
  }
}

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  password: 'secret-pw',
  confirmPassword: 'secret-pw',
};

describe('RegisterPage', () => {
  it('shows every seed message beneath its field', async () => {
    const { calls } = fakeEngine({});
    renderPage(<RegisterPage />, '/register');
    await fill({ email: 'not-an-email', username: 'ab', password: '12345', confirmPassword: '1234' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last Name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username must be at least 3 characters');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
    expect(calls).toEqual([]);
  });

  it('clears a message as soon as the field is put right', async () => {
    fakeEngine({});
    renderPage(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    await fill({ firstName: 'Ada' });
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('registers without the confirmation or the (unenforced) terms box, then goes to /login', async () => {
    const { calls } = fakeEngine({
      'POST /api/auth/register': [201, { success: true, message: 'Registration successful', user: signedInUser }],
    });
    renderPage(<RegisterPage />, '/register');
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/register',
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada',
        password: 'secret-pw',
      },
    });
    expect(currentToast()).toMatchObject({
      title: 'Registration successful',
      description: 'Your account has been created. Please sign in.',
    });
  });

  it('says "Registration failed" with the engine message and marks the taken field', async () => {
    fakeEngine({
      'POST /api/auth/register': [
        409,
        { message: 'Username already exists', errors: [{ path: 'username', message: 'Username already exists' }] },
      ],
    });
    renderPage(<RegisterPage />, '/register');
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Registration failed', description: 'Username already exists' }),
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username already exists');
  });

  it('falls back to "Failed to create account" when the engine gives no message', async () => {
    const { calls } = fakeEngine({ 'POST /api/auth/register': [500] });
    renderPage(<RegisterPage />, '/register');
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Registration failed', description: 'Failed to create account' }),
    );
    expect(calls).toHaveLength(1);
  });

  it('links to the terms, the privacy policy and sign-in', () => {
    fakeEngine({});
    renderPage(<RegisterPage />, '/register');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
