import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { BrandProvider } from '../brand/BrandProvider';
import { makeStore } from './store';

/** Renders routes at `path` inside the store and the default brand, as the app does. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const store = makeStore();
  const view = render(
    <Provider store={store}>
      <BrandProvider brandKey="default">
        <RouterProvider router={router} />
      </BrandProvider>
    </Provider>,
  );
  return { ...view, router, store };
}

/** Renders one element at `path` inside the store, the default brand and a router. */
export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}
