import type { EarlyRequest } from './early-requests';

/** A call started from the page's HTML, waiting for the app to take its answer. */
export interface StartedRequest extends EarlyRequest {
  brandKey: string;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Set by the page's early chunk (start.ts), emptied by the API (takeEarlyResponse). */
    __contrailEarlyRequests?: StartedRequest[];
  }
}

/**
 * Sends `requests` as the API would (credentials, brand key, JSON), for the app to take their
 * answers later. A failed call is not reported here: the app then asks again.
 */
export function startEarlyRequests(
  requests: EarlyRequest[],
  brandKey: string,
  fetchImpl: typeof fetch = fetch,
  now = Date.now(),
): StartedRequest[] {
  return requests.map((early) => {
    const response = fetchImpl(early.url, {
      method: early.method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'X-Brand-Key': brandKey,
        ...(early.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(early.body === undefined ? {} : { body: early.body }),
    });
    response.catch(() => undefined);
    return { ...early, brandKey, startedAt: now, response };
  });
}

/** An answer older than this is not taken: the app then asks afresh. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/**
 * The answer of the early call that matches `request` (method, URL, body and brand key), taken
 * once: the app's first call reads it instead of asking the engine again. Undefined when none
 * matches, so the caller fetches as usual.
 */
export async function takeEarlyResponse(request: Request, now = Date.now()): Promise<Response | undefined> {
  const started = typeof window === 'undefined' ? undefined : window.__contrailEarlyRequests;
  if (!started?.length) return undefined;
  const body = request.method === 'GET' ? undefined : await request.clone().text();
  const index = started.findIndex(
    (early) =>
      early.method === request.method &&
      early.url === request.url &&
      early.body === body &&
      early.brandKey === request.headers.get('X-Brand-Key') &&
      now - early.startedAt <= EARLY_ANSWER_MAX_AGE_MS,
  );
  if (index < 0) return undefined;
  const [early] = started.splice(index, 1);
  return early!.response.catch(() => undefined);
}
