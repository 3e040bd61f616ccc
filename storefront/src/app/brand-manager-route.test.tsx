import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { renderRoutes } from './test-utils';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"Not authenticated"}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

// Its own file, so the brand manager's chunk has not been loaded by an earlier test.
it('loads /admin/brands on demand, showing "Loading brand manager..." meanwhile', async () => {
  renderRoutes(routes, '/admin/brands');
  expect(await screen.findByText('Loading brand manager...')).toBeInTheDocument();
  await vi.waitFor(() => expect(screen.queryByText('Loading brand manager...')).not.toBeInTheDocument(), {
    timeout: 10_000,
  });
});
