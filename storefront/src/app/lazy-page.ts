import { lazy, type ComponentType } from 'react';

/** A code-split page: `lazyPage(() => import('../x/XPage'), 'XPage')` loads the named export on first visit. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
