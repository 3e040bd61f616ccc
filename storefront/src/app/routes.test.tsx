import { MISSING_SEARCH_PARAMS_MESSAGE } from '@contrail/shared/flights/search-limits';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { renderRoutes } from './test-utils';

describe('route table', () => {
  beforeEach(() => {
    // The header asks who is signed in; nobody is.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not authenticated"}', { status: 401 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fallback card for an unknown path', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('redirects /airlines to / and /flight without an id to /search', async () => {
    const first = renderRoutes(routes, '/airlines');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    const second = renderRoutes(routes, '/flight');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/search'));
    // The results page's chunk has loaded and rendered: none of its imports is left to load once the file ends.
    expect(await screen.findByText(MISSING_SEARCH_PARAMS_MESSAGE)).toBeInTheDocument();
  });

  it.each([
    ['/privacy', '/privacy-policy'],
    ['/terms', '/terms-of-service'],
    ['/cookies', '/cookie-policy'],
  ])('serves %s and %s with the same page', async (path, alias) => {
    const pageText = async (at: string) => {
      const view = renderRoutes(routes, at);
      const heading = await screen.findByRole('heading', { level: 1 }); // the first visit loads the page's chunk
      const text = heading.closest('main')?.textContent;
      view.unmount();
      return text;
    };
    const original = await pageText(path);
    expect(original).toBeTruthy();
    expect(await pageText(alias)).toBe(original);
  });

  it('shows Log In and Sign Up when the user call answers 401', async () => {
    renderRoutes(routes, '/about');
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'About', current: 'page' })).toBeInTheDocument();
  });
});
