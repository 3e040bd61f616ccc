import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test-utils';
import { Header } from './Header';

const user = (isAdmin: boolean) => ({
  id: 'u1',
  username: 'jdoe',
  email: 'jane@example.com',
  firstName: 'jane',
  lastName: 'Doe',
  isAdmin,
  createdAt: '2026-01-01T00:00:00Z',
});

function answerUser(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('Header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the brand phone as a telephone link and highlights Flights on /search', async () => {
    answerUser({ message: 'Not authenticated' }, 401);
    renderPage(<Header />, '/search');
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1-888-555-0147' })).toHaveAttribute('href', 'tel:18885550147');
    expect(screen.getByRole('link', { name: 'Flights', current: 'page' })).toBeInTheDocument();
  });

  it('does not ask who is signed in when the engine left no signed-in hint', async () => {
    document.cookie = 'contrail.signed-in=; path=/; max-age=0';
    answerUser(user(true));
    renderPage(<Header />);
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/auth/user'),
    );
  });

  it('shows the avatar menu with Admin Settings for an admin', async () => {
    answerUser(user(true));
    renderPage(<Header />);
    const avatar = await screen.findByRole('button', { name: 'Open account menu' });
    expect(avatar).toHaveTextContent('J');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    await userEvent.click(avatar);
    expect(await screen.findByText('My Account')).toBeInTheDocument();
    for (const name of ['My Trips', 'Account Settings', 'Admin Settings', 'Log Out']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
  });

  it('hides Admin Settings from other users', async () => {
    answerUser(user(false));
    renderPage(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin Settings' })).not.toBeInTheDocument();
  });
});
