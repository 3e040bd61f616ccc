/**
 * The search thread: answers search pages (provider calls, offer views, JSON, compression) and
 * the offers they listed, so the engine's event loop only passes bytes (search-thread-pages.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../../clock.js';
import { flightProviderFor } from '../provider-spec.js';
import { inThreadSearchPages } from '../search-pages.js';
import { threadError, type FromSearchThread, type SearchThreadData, type ToSearchThread } from './messages.js';

const { flights } = workerData as SearchThreadData;
const pages = inThreadSearchPages(systemClock, flightProviderFor(flights, systemClock).flights);
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
