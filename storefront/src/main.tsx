import './app/strict-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadFirstPageData } from './app/first-data';
import { preloadPages } from './app/first-page';
import { runPreloadedChunks } from './app/preloaded-chunks';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { loadBrand } from './brand/load-brand';
import { setRequestBrandKey, startupBrandKey } from './brand/request-brand-key';
import '@fontsource-variable/inter';
import './index.css';

const root = document.getElementById('root')!;

/**
 * Under a prerendered first screen (home.html, an offer's page the engine filled in), the app
 * renders once its brand, first page and that page's offer are loaded, so it replaces the screen
 * in one step: no loading placeholder between the two.
 */
async function start() {
  const prerendered = root.hasChildNodes();
  const store = makeStore();
  const [brand] = prerendered
    ? await Promise.all([
        loadBrand(startupBrandKey),
        runPreloadedChunks()
          .then(() => preloadPages(routes, window.location.pathname))
          .then(() => loadFirstPageData(store, window.location)),
      ])
    : [undefined];
  // As BrandProvider does once it has loaded the brand: calls go on the brand found.
  if (brand?.status === 'loaded') setRequestBrandKey(brand.brand.key);
  // A transition renders in slices that yield to the browser between them, rather than one long
  // task (Lighthouse's Total Blocking Time); what the page showed stays until the whole app is ready.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App brand={brand} store={store} />
      </StrictMode>,
    );
  });
}

void start();
