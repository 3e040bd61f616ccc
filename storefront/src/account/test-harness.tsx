import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { makeStore } from '../app/store';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = [status: number, body?: unknown];

/** Stands in for the engine: answers each "METHOD /path" from the table, 404 otherwise. */
export function fakeEngine(table: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: FakeCall[] = [];
  /** The X-Brand-Key of each call, in order. */
  const brandKeys: Array<string | null> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path, body });
    brandKeys.push(request.headers.get('X-Brand-Key'));
    const entry = table[`${request.method} ${path}`];
    const [status, answer] = typeof entry === 'function' ? entry(body) : (entry ?? [404, { message: 'Not found' }]);
    return new Response(answer === undefined ? null : JSON.stringify(answer), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The storefront calls same-origin relative URLs; outside a browser they need a base.
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  return { calls, brandKeys };
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `page` at `path` with the real store; other paths show where navigation went. */
export function renderPage(page: ReactNode, path: string, at: string = path.split('?')[0]!) {
  const router = createMemoryRouter(
    [
      { path: at, element: page },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

export const signedInUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  createdAt: '2026-11-22T12:00:00.000Z',
};
