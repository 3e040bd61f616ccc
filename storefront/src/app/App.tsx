import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BrandProvider } from '../brand/BrandProvider';
import { Toaster } from '../ui/toaster';
import { routes } from './routes';
import { makeStore } from './store';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Provider store={store}>
      <BrandProvider>
        <RouterProvider router={router} />
        <Toaster />
      </BrandProvider>
    </Provider>
  );
}
