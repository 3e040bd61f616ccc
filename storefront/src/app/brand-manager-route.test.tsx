import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type * as TestUtils from './test-utils';
import { scaled } from '@contrail/shared/test-support/time-scale';

// Test files share loaded modules (isolate: false): a fresh route table, rendered with the modules
// it loads, has not loaded the brand manager's chunk, even when an earlier test has.
let routes: RouteObject[];
let renderRoutes: typeof TestUtils.renderRoutes;
beforeEach(async () => {
  vi.resetModules();
  ({ routes } = await import('./routes'));
  ({ renderRoutes } = await import('./test-utils'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"Not authenticated"}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('loads /admin/brands on demand, showing "Loading brand manager..." meanwhile', async () => {
  renderRoutes(routes, '/admin/brands');
  // It shows while the chunk loads, which may end before the next line runs.
  await screen.findByText('Loading brand manager...');
  await vi.waitFor(() => expect(screen.queryByText('Loading brand manager...')).not.toBeInTheDocument(), {
    timeout: scaled(10_000),
  });
});
