import { Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { BrandProvider } from '../brand/BrandProvider';
import type { BrandState } from '../brand/load-brand';
import { routes } from './routes';
import { lazyPage } from './lazy-page';
import { makeStore, type AppStore } from './store';

// No toast shows before the first page is up: the toast library loads after it.
const Toaster = lazyPage(() => import('../ui/toaster'), 'Toaster');

function Routes() {
  return useRoutes(routes);
}

/**
 * The app in react-router's declarative mode: the route table needs no loaders or actions, and the
 * data router would add its whole runtime to every first page.
 */
export function App({ brand, store: given }: { brand?: BrandState | undefined; store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  return (
    <Provider store={store}>
      <BrandProvider initialState={brand}>
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </BrandProvider>
    </Provider>
  );
}
