import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TestUtils from '../app/test-utils';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { scaled } from '@contrail/shared/test-support/time-scale';

// Test files share loaded modules (isolate: false): a fresh route table, rendered with the modules
// it loads, has not loaded the brand manager's chunk, even when an earlier test has.
let routes: RouteObject[];
let renderRoutes: typeof TestUtils.renderRoutes;
beforeEach(async () => {
  vi.resetModules();
  ({ routes } = await import('../app/routes'));
  ({ renderRoutes } = await import('../app/test-utils'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin routes', () => {
  it(
    'shows "Loading brand manager..." while /admin/brands loads, then the brand manager',
    { timeout: scaled(30_000) },
    async () => {
      fakeEngine({
        'GET /api/auth/user': [200, { ...signedInUser, isAdmin: true }],
        'GET /api/admin/brands': [200, { brands: [] }],
      });
      renderRoutes(routes, '/admin/brands');
      // It shows while the chunk loads, which may end before the next line runs.
      await screen.findByText('Loading brand manager...');
      expect(
        await screen.findByRole('heading', { name: 'Brand Manager' }, { timeout: scaled(20_000) }),
      ).toBeInTheDocument();
      expect(await screen.findByText('No brands yet.')).toBeInTheDocument();
    },
  );
});
