import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Code-split pages load on first visit; on a busy CI machine that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

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
