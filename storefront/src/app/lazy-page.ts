import { lazy, type ComponentType } from 'react';

/**
 * A code-split component, with its props: `lazyPage(() => import('../x/XPage'), 'XPage')` loads the
 * named export on first render (pages, and parts the first paint does not need).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
