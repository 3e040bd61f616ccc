import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { routes } from '../app/routes';
import { renderRoutes } from '../app/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin routes', () => {
  it(
    'shows "Loading brand manager..." while /admin/brands loads, then the brand manager',
    { timeout: 30000 },
    async () => {
      fakeEngine({
        'GET /api/auth/user': [200, { ...signedInUser, isAdmin: true }],
        'GET /api/admin/brands': [200, { brands: [] }],
      });
      renderRoutes(routes, '/admin/brands');
      expect(await screen.findByText('Loading brand manager...')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Brand Manager' }, { timeout: 20000 })).toBeInTheDocument();
      expect(await screen.findByText('No brands yet.')).toBeInTheDocument();
    },
  );
});
