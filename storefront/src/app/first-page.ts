import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** The lazy pages a route table renders at `pathname` (their elements' `preload`), loaded together. */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      const preload = (type as { preload?: unknown } | undefined)?.preload;
      return typeof preload === 'function' ? (preload as () => Promise<void>)() : undefined;
    }),
  );
}
