import { Worker } from 'node:worker_threads';
import type { FlightProviderSpec } from '../provider-spec.js';
import { FlightProviderError } from '../provider.js';
import type { RecentOffer } from '../recent-offers.js';
import type { SearchPages } from '../search-pages.js';
import { errorFromThread, type FromSearchThread, type SearchThreadData, type ToSearchThread } from './messages.js';

/** The thread's module and how to start it: the composition root's (runtime/search-thread-entry.ts). */
export interface SearchThreadModule {
  url: URL;
  execArgv?: string[];
}

export interface SearchThreadOptions {
  flights: FlightProviderSpec;
  thread: SearchThreadModule;
  /**
   * A page not answered within this fails as a provider timeout, and the thread is replaced: its
   * provider calls have timeouts of their own, so a thread this late is stuck.
   */
  answerTimeoutMs: number;
  /** How long an offer page's HTML waits for the offer; it goes without the offer's summary after. */
  recentOfferTimeoutMs?: number;
  /** Told when the thread stops or errs unexpectedly; the next request starts another. */
  onFailure?(error: Error): void;
}

export interface SearchThreadPages extends SearchPages {
  /** The thread answering now, once a search started one (diagnostics; tests stop it to play a crash). */
  readonly worker: Worker | undefined;
}

type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A request before it is numbered. */
type Request = Unnumbered<ToSearchThread>;

interface Pending {
  settle(reply: FromSearchThread): void;
  fail(error: Error): void;
}

/**
 * The runtime's search pages: answered on a worker thread of their own (thread.ts), with its own
 * search cache and recent offers, started at the first search. With pages answered on the event
 * loop, a new search cost the engine's thread 1.8-2.6 ms; this thread then only passes bytes.
 */
export function searchThreadPages(options: SearchThreadOptions): SearchThreadPages {
  let thread: SearchThread | undefined;
  let closed = false;
  const current = () => {
    if (closed) throw new Error('the search thread is closed');
    if (!thread?.running) thread = new SearchThread(options);
    return thread;
  };

  return {
    get worker() {
      return thread?.worker;
    },
    async answer(params, request, accepted) {
      const reply = await current().ask({ type: 'answer', params, request, accepted }, options.answerTimeoutMs);
      if (reply.type !== 'answer') throw new Error(`the search thread answered ${reply.type}`);
      return reply.page;
    },
    async recentOffer(offerId): Promise<RecentOffer | undefined> {
      // Before any search, no offer was listed: no thread to start for that.
      if (!thread?.running) return undefined;
      try {
        const reply = await thread.ask({ type: 'recent offer', offerId }, options.recentOfferTimeoutMs ?? 1000);
        return reply.type === 'recent offer' ? reply.offer : undefined;
      } catch {
        return undefined;
      }
    },
    async close() {
      closed = true;
      await thread?.stop();
    },
  };
}

class SearchThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #running = true;
  #stopping = false;
  #lastWords: string | undefined;

  constructor(private readonly options: SearchThreadOptions) {
    this.#worker = startThread(options.thread, { flights: options.flights });
    // Idle, it does not keep the process alive; requests in flight have their own timers.
    this.#worker.unref();
    this.#worker.on('message', (reply: FromSearchThread) => this.#settle(reply));
    this.#worker.on('error', (error) => (this.#lastWords ??= error.stack ?? error.message));
    this.#worker.once('exit', (code) => this.#exited(code));
  }

  get worker(): Worker {
    return this.#worker;
  }

  get running(): boolean {
    return this.#running;
  }

  ask(request: Request, timeoutMs: number): Promise<FromSearchThread> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new FlightProviderError('timeout', `the search thread did not answer within ${timeoutMs} ms`));
        if (request.type === 'answer') this.#replace('it did not answer a page in time');
      }, timeoutMs);
      this.#pending.set(id, {
        settle: (reply) => {
          clearTimeout(timer);
          if (reply.type === 'failed') reject(errorFromThread(reply.error));
          else resolve(reply);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#worker.postMessage({ ...request, id } as ToSearchThread);
    });
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#worker.terminate();
  }

  #settle(reply: FromSearchThread): void {
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    pending?.settle(reply);
  }

  #replace(reason: string): void {
    if (!this.#running) return;
    this.#running = false;
    this.options.onFailure?.(new Error(`the search thread was replaced: ${reason}`));
    void this.#worker.terminate();
  }

  #exited(code: number): void {
    const wasRunning = this.#running;
    this.#running = false;
    const error = new Error(
      `the search thread stopped (exit code ${code})${this.#lastWords ? `: ${this.#lastWords}` : ''}`,
    );
    for (const pending of this.#pending.values()) pending.fail(error);
    this.#pending.clear();
    if (wasRunning && !this.#stopping) this.options.onFailure?.(error);
  }
}

function startThread(thread: SearchThreadModule, data: SearchThreadData): Worker {
  return new Worker(thread.url, { workerData: data, ...(thread.execArgv && { execArgv: thread.execArgv }) });
}
