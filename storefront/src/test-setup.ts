import '@testing-library/jest-dom/vitest';

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
