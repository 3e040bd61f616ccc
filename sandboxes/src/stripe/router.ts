import { createHash } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { StripeApiError, invalidRequest } from './errors.js';
import type { StripeFaults } from './faults.js';
import { stripeId } from './ids.js';
import type { PaymentIntent } from './objects.js';
import type { Params } from './params.js';
import { StripeBalances } from './balance-transactions.js';
import { StripeSandbox, expandParam } from './sandbox.js';
import { CHALLENGE_PATH } from './authentication.js';
import { challengePageRouter } from './challenge-page.js';
import { InMemoryStripeSandboxStore, type StripeSandboxStore } from './store.js';

export interface StripeSandboxRouterOptions {
  store?: StripeSandboxStore;
  now?: () => Date;
  /** Injected outages, for fault tests. */
  faults?: StripeFaults;
}

interface Answer {
  status: number;
  body: unknown;
}

const MAX_IDEMPOTENCY_KEY = 255;
/** Stripe keeps keys at least 24 hours; the sandbox forgets them after exactly that. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A request claimed its key and never answered (its process died): another may take the key over after this. */
const IN_PROGRESS_STALE_MS = 10_000;

const reusedKey = (key: string): Answer => ({
  status: 400,
  body: {
    error: {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    },
  },
});

/** Stripe's answer to a second request while the first with the same key runs (its client retries a 409). */
const keyInUse = (key: string): Answer => ({
  status: 409,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
    },
  },
});

/** Stable JSON (sorted keys) of the parameters, to tell a replay from a different request. */
function fingerprint(params: unknown): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(sort(params)))
    .digest('hex');
}

/** Stripe keeps no idempotent result when the parameters failed validation. */
const isValidationFailure = (answer: Answer) => {
  const code = (answer.body as { error?: { code?: string } }).error?.code ?? '';
  return answer.status === 400 && code.startsWith('parameter_');
};

/** A GET's query as Stripe encodes it (`created[gte]=1`, `expand[]=x`), one level of brackets deep. */
function queryParams(req: Request): Params {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(req.url.split('?')[1] ?? '')) {
    const [, name = key, inner] = /^([^[]+)\[([^\]]*)\]$/.exec(key) ?? [];
    if (inner === undefined) params[name] = value;
    else if (inner === '' || /^\d+$/.test(inner)) params[name] = [...((params[name] as unknown[]) ?? []), value];
    else params[name] = { ...(params[name] as object), [inner]: value };
  }
  return params;
}

function apiKeyOf(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

async function answer(work: () => Promise<unknown>): Promise<Answer> {
  try {
    return { status: 200, body: await work() };
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
    return {
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred in the sandbox.' } },
    };
  }
}

/**
 * A Stripe-compatible API under `/v1/...` (PaymentIntents, capture, cancel, refunds), for the real
 * `stripe` client. The client cannot take a path prefix, so mount this router at the root of an
 * app (the engine's, or its own server: see server.ts). It handles only `/v1` paths.
 */
export function stripeSandboxRouter(options: StripeSandboxRouterOptions = {}): Router {
  const store = options.store ?? new InMemoryStripeSandboxStore();
  const now = options.now ?? (() => new Date());
  const sandbox = new StripeSandbox({ store, now });
  // Mutations of one PaymentIntent (or under one idempotency key) run one at a time, so that its
  // reads-then-writes never interleave; different PaymentIntents go ahead side by side.
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(lock: string | undefined, work: () => Promise<T>): Promise<T> => {
    if (lock === undefined) return work();
    const run = (queues.get(lock) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(lock, settled);
    void settled.then(() => {
      if (queues.get(lock) === settled) queues.delete(lock);
    });
    return run;
  };
  /** What a mutation changes: the PaymentIntent in its path or `payment_intent`; else what its idempotency key names. */
  const lockOf = (req: Request, params: Params): string | undefined => {
    const intent = req.params.id ?? (typeof params.payment_intent === 'string' ? params.payment_intent : undefined);
    if (intent) return `pi:${intent}`;
    const key = req.header('idempotency-key');
    return key ? `key:${key}` : undefined;
  };

  const v1 = Router();
  v1.use((req, res, next) => {
    res.setHeader('Request-Id', stripeId('req'));
    const key = apiKeyOf(req);
    if (!key) {
      send(res, {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        },
      });
      return;
    }
    if (!/^(sk|rk)_test_/.test(key)) {
      send(res, {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: `Invalid API Key provided: ${key.slice(0, 8)}****`,
          },
        },
      });
      return;
    }
    next();
  });
  v1.use(express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 1000 }));
  v1.use((req, res, next) => {
    const fault = options.faults?.take(req.method, `${req.baseUrl}${req.path}`);
    if (!fault) {
      next();
      return;
    }
    send(res, {
      status: fault.status,
      body: { error: { type: 'api_error', message: `The sandbox was told to fail this request (${fault.status}).` } },
    });
  });

  const post = (path: string, handle: (req: Request) => Promise<unknown>) =>
    v1.post(path, async (req, res) => {
      const params = (req.body ?? {}) as Params;
      const result = await serial(lockOf(req, params), () => idempotent(req, params, () => answer(() => handle(req))));
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      send(res, result);
    });

  async function idempotent(
    req: Request,
    params: Params,
    run: () => Promise<Answer>,
  ): Promise<Answer & { replayed?: boolean }> {
    const key = req.header('idempotency-key');
    if (!key) return run();
    if (key.length > MAX_IDEMPOTENCY_KEY) {
      return {
        status: 400,
        body: {
          error: invalidRequest(`Invalid idempotency key: keys may be at most ${MAX_IDEMPOTENCY_KEY} characters long.`)
            .body,
        },
      };
    }
    const scope = `${apiKeyOf(req)}|${key}`;
    const claim = {
      request: `${req.method} ${req.baseUrl}${req.path}`,
      fingerprint: fingerprint(params),
      createdAt: now().getTime(),
    };
    const outcome = await store.claimIdempotencyKey(scope, claim, {
      now: claim.createdAt,
      lifetimeMs: IDEMPOTENCY_KEY_LIFETIME_MS,
      staleMs: IN_PROGRESS_STALE_MS,
    });
    if (outcome.status !== 'claimed') {
      const earlier = outcome.status === 'answered' ? outcome.answer : outcome.claim;
      if (earlier.request !== claim.request || earlier.fingerprint !== claim.fingerprint) return reusedKey(key);
      if (outcome.status === 'answered')
        return { status: outcome.answer.status, body: outcome.answer.body, replayed: true };
      return keyInUse(key);
    }
    const result = await run();
    if (isValidationFailure(result)) await store.releaseIdempotencyKey(scope);
    else await store.putIdempotentAnswer(scope, { ...claim, status: result.status, body: result.body });
    return result;
  }

  const expanded = (params: Params) => (intent: PaymentIntent) => sandbox.present(intent, expandParam(params));
  post('/payment_intents', (req) =>
    sandbox.createPaymentIntent(req.body ?? {}, `${req.protocol}://${req.get('host')}`).then(expanded(req.body ?? {})),
  );
  post('/payment_intents/:id', (req) =>
    sandbox.updatePaymentIntent(String(req.params.id), req.body ?? {}).then(expanded(req.body ?? {})),
  );
  post('/payment_intents/:id/confirm', (req) =>
    sandbox
      .confirmPaymentIntent(String(req.params.id), req.body ?? {}, `${req.protocol}://${req.get('host')}`)
      .then(expanded(req.body ?? {})),
  );
  post('/payment_intents/:id/capture', (req) =>
    sandbox.capturePaymentIntent(String(req.params.id), req.body ?? {}).then(expanded(req.body ?? {})),
  );
  post('/payment_intents/:id/cancel', (req) =>
    sandbox.cancelPaymentIntent(String(req.params.id), req.body ?? {}).then(expanded(req.body ?? {})),
  );
  post('/refunds', (req) => sandbox.createRefund(req.body ?? {}));
  v1.get('/payment_intents', async (req, res) =>
    send(res, await answer(() => sandbox.listPaymentIntents(queryParams(req)))),
  );
  v1.get('/payment_intents/:id', async (req, res) =>
    send(res, await answer(() => sandbox.retrievePaymentIntent(String(req.params.id), expandParam(queryParams(req))))),
  );
  v1.get('/refunds', async (req, res) => send(res, await answer(() => sandbox.listRefunds(queryParams(req)))));
  v1.get('/refunds/:id', async (req, res) =>
    send(res, await answer(() => sandbox.retrieveRefund(String(req.params.id)))),
  );
  const balances = new StripeBalances(store);
  v1.get('/charges/:id', async (req, res) =>
    send(res, await answer(() => balances.retrieveCharge(String(req.params.id), expandParam(queryParams(req))))),
  );
  v1.get('/balance_transactions/:id', async (req, res) =>
    send(res, await answer(() => balances.retrieveBalanceTransaction(String(req.params.id)))),
  );
  v1.use((req, res) => {
    send(res, {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${req.baseUrl}${req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      },
    });
  });
  // A body that cannot be parsed is answered in Stripe's shape too.
  v1.use((error: { status?: number; message?: string }, _req: Request, res: Response, _next: () => void) => {
    send(res, {
      status: error.status && error.status < 500 ? error.status : 400,
      body: { error: { type: 'invalid_request_error', message: error.message ?? 'Invalid request' } },
    });
  });

  const router = Router();
  router.use('/v1', v1);
  router.use(CHALLENGE_PATH, challengePageRouter(sandbox));
  return router;
}

function send(res: Response, answer: Answer): void {
  res.status(answer.status).json(answer.body);
}
