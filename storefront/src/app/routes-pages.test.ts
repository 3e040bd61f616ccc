import { isStorefrontPage } from '@contrail/shared/site/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Every fixed path the app routes, at any depth (patterns with parameters or `*` left out). */
function fixedPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && !/[:*]/.test(route.path) ? [route.path] : []),
    ...fixedPaths(route.children ?? []),
  ]);
}

describe('the pages the engine serves', () => {
  // The engine answers a path the shared page list does not know with 404 (and the app's 404 card):
  // a new page must be listed there too, or its document arrives as an error.
  it.each(fixedPaths(routes))('knows %s', (path) => {
    expect(isStorefrontPage(path)).toBe(true);
  });
});
