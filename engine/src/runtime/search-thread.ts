/**
 * The search thread: answers search pages (provider calls, offer views, JSON, compression) and
 * the offers they listed, so the engine's event loop only passes bytes (search-thread-pages.ts).
 * With the Duffel sandbox mounted, the thread has one of its own, reached in-process by the
 * official client like the engine's: offers regenerate from their ids, so a thread that only
 * searches needs none of the orders in the engine's database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DuffelSandbox, sandboxesFetch, sandboxRoutes } from '@contrail/sandboxes';
import type { FetchFunction } from '../calls/sandbox-access.js';
import { systemClock } from '../clock.js';
import { flightProviderFor, type FlightProviderSpec } from '../flights/provider-spec.js';
import { inThreadSearchPages } from '../flights/search-pages.js';
import {
  threadError,
  type FromSearchThread,
  type SearchThreadData,
  type ToSearchThread,
} from '../flights/search-thread/messages.js';

/**
 * The thread's own Duffel sandbox, answering only the engine's token. Its gate need not read the
 * system mode: a sandbox mounted for flights means Duffel has no key, so the system is not live,
 * and every booking step goes through the engine's own gated sandbox, never this thread.
 */
function threadSandboxFetch(spec: FlightProviderSpec): FetchFunction | undefined {
  if (spec.kind !== 'mounted sandbox') return undefined;
  const routes = sandboxRoutes({
    duffelSandbox: new DuffelSandbox(systemClock, undefined, { rateLimit: spec.rateLimit }),
    sandboxCredentials: { duffelToken: spec.token, stripeKey: '' },
    isLive: () => Promise.resolve(false),
  });
  return sandboxesFetch(routes);
}

const { flights } = workerData as SearchThreadData;
const pages = inThreadSearchPages(systemClock, flightProviderFor(flights, threadSandboxFetch(flights)));
const engine = parentPort!;

async function answer(message: ToSearchThread): Promise<FromSearchThread> {
  const { id } = message;
  try {
    if (message.type === 'recent offer') {
      return { id, type: 'recent offer', offer: await pages.recentOffer(message.offerId) };
    }
    return { id, type: 'answer', page: await pages.answer(message.params, message.request, message.accepted) };
  } catch (error) {
    return { id, type: 'failed', error: threadError(error) };
  }
}

engine.on('message', (message: ToSearchThread) => {
  void answer(message).then((reply) => engine.postMessage(reply));
});
