import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** A code-split component that can also be loaded ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  /** Loads the module; a page rendered after that renders at once, without suspending. */
  preload: () => Promise<void>;
};

/**
 * A code-split component, with its props: `lazyPage(() => import('../x/XPage'), 'XPage')` loads the
 * named export on first render (pages, and parts the first paint does not need), or earlier with
 * `preload()`, as main.tsx does for the first page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> {
  let loaded: M[K] | undefined;
  const preload = async () => {
    loaded = (await load())[name];
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page(props: ComponentProps<M[K]>) {
    // Each use keeps the way it started: switching between the two would remount the page.
    const [ready] = useState(() => loaded !== undefined);
    return createElement(ready ? loaded! : Lazy, props);
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, { preload });
}
