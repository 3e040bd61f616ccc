import { DuffelError, type Duffel } from '@duffel/api';
import type { FetchFunction } from '../calls/sandbox-access.js';

interface RequestOptions {
  method: string;
  path: string;
  data?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/** The official client's request layer, which every resource (offers, orders, ...) calls. */
interface ClientInternals {
  basePath: string;
  apiVersion: string;
  token: string;
  request: (options: RequestOptions) => Promise<unknown>;
}

function internalsOf(duffel: Duffel): ClientInternals {
  const client = (duffel as unknown as { client?: Partial<ClientInternals> }).client;
  if (typeof client?.request !== 'function' || typeof client.basePath !== 'string') {
    throw new Error(
      '@duffel/api no longer keeps its request layer at duffel.client.request: update duffel-fetch-transport.ts',
    );
  }
  return client as ClientInternals;
}

/** The URL the client builds: `new URL(path, basePath)`, params sorted, each value `toString()`ed. */
function urlFor(client: ClientInternals, { path, params }: RequestOptions): URL {
  const url = new URL(path, client.basePath);
  if (params) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params).sort()) {
      for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
    }
    url.search = search.toString();
  }
  return url;
}

/**
 * Puts `fetch` under an official `@duffel/api` client in place of its own (node-fetch, which
 * takes no transport): the request, headers and body as the client sends them, the answer read
 * and a failure thrown as its `DuffelError`, exactly as its request layer does. Every resource
 * method, path and parameter stays the client's own; only the socket is gone. The conformance
 * test (duffel-fetch-transport.test.ts) runs the same calls both ways and compares the answers.
 */
export function useFetchTransport(duffel: Duffel, fetch: FetchFunction): Duffel {
  const client = internalsOf(duffel);
  client.request = async (options) => {
    const response = await fetch(urlFor(client, options), {
      method: options.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Duffel-Version': client.apiVersion,
        Authorization: `Bearer ${client.token}`,
      },
      ...(options.data && { body: JSON.stringify({ data: { ...options.data } }) }),
    });
    const type = response.headers.get('content-type');
    const body = (type?.includes('json') ? await response.json() : await response.text()) as Record<string, unknown>;
    if (!response.ok || ('errors' in body && body.errors)) {
      throw new DuffelError({ ...(body as object), status: response.status, headers: response.headers } as never);
    }
    return { ...body, status: response.status, headers: response.headers };
  };
  return duffel;
}
