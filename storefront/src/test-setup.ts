import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { setRequestBrandKey, startupBrandKey } from './brand/request-brand-key';
import { dismissToast } from './ui/toast-store';
import { engineServer } from './test-support/engine';

// Code-split pages load on first visit; on a busy CI machine that can take longer than the 1 s default.
configure({ asyncUtilTimeout: scaled(10_000) });

// jsdom lacks these browser APIs; react-router's ScrollRestoration and radix-ui's popper use them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

// Component tests meet the engine through MSW (test-support/engine.tsx); each test's answers end with it.
beforeAll(() => engineServer.listen({ onUnhandledRequest: 'error' }));
// The forms' zod resolver arrives with their first check (forms/use-zod-form.ts), as a chunk of its
// own in the browser; loaded here once, so a test's first submit does not wait for its transform.
beforeAll(() => import('@hookform/resolvers/zod'));
// Tests ask the (fake) engine who is signed in, as a browser with the engine's hint cookie does.
beforeEach(() => {
  document.cookie = 'contrail.signed-in=1; path=/';
});
afterEach(() => {
  engineServer.resetHandlers();
  // Test files share one window and the loaded modules (isolate: false in vite.config.ts): each test
  // leaves nothing behind for the next, in this file or another.
  cleanup();
  dismissToast();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  window.history.replaceState(null, '', '/');
  // The brand a loaded BrandProvider chose for API calls is module state too.
  setRequestBrandKey(startupBrandKey);
});
afterAll(() => engineServer.close());
