import { Suspense, useState, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { BrandProvider } from '../brand/BrandProvider';
import type { BrandState } from '../brand/load-brand';
import { routes } from './routes';
import { lazyPage } from './lazy-page';
import { makeStore, type AppStore } from './store';
import { currentToast, subscribeToasts } from '../ui/toast-store';

// The toast library loads with the first toast (issue 38: nothing before it is needed).
const Toaster = lazyPage(() => import('../ui/toaster'), 'Toaster');

/** The notification area, from the first toast on: until then no code and no empty region. */
function ToasterOnceNeeded() {
  const toastShown = useSyncExternalStore(
    subscribeToasts,
    () => currentToast() !== null,
    () => false,
  );
  const [needed, setNeeded] = useState(false);
  if (toastShown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

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
        <ToasterOnceNeeded />
      </BrandProvider>
    </Provider>
  );
}
