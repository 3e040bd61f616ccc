import { Router } from 'express';

/** A named dependency the engine needs to serve traffic (storage, projection lag, ...). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: unknown }>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(readiness: ReadinessCheck): Promise<{ ok: boolean; detail?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: 'timed out' }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readiness.check(), timeout]);
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(checks: readonly ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(checks.map(async (check) => [check.name, await runCheck(check)] as const));
    const ready = results.every(([, result]) => result.ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  return router;
}
