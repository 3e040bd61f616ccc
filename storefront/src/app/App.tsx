import { Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BrandProvider } from '../brand/BrandProvider';
import { routes } from './routes';
import { lazyPage } from './lazy-page';
import { makeStore } from './store';

// No toast shows before the first page is up: the toast library loads after it.
const Toaster = lazyPage(() => import('../ui/toaster'), 'Toaster');

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Provider store={store}>
      <BrandProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </BrandProvider>
    </Provider>
  );
}
