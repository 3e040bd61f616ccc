import { Router, type RequestHandler } from 'express';
import { allow } from '../accounts/guards.js';

/** A named dependency the engine needs to serve traffic (storage, Redis, projection lag, ...). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: unknown }>;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, { ok: boolean; detail?: unknown }>;
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

export async function readiness(checks: readonly ReadinessCheck[]): Promise<Readiness> {
  const results = await Promise.all(checks.map(async (check) => [check.name, await runCheck(check)] as const));
  return { ready: results.every(([, result]) => result.ok), checks: Object.fromEntries(results) };
}

const statusOf = (ready: boolean) => (ready ? 'ready' : 'not ready');

/**
 * The probes, public: /healthz (the process answers) and /readyz (every dependency answers; 503
 * otherwise), without details. What each check found is for admins: GET /api/admin/readiness.
 */
export function healthRoutes(checks: readonly ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready } = await readiness(checks);
    res.status(ready ? 200 : 503).json({ status: statusOf(ready) });
  });
  return router;
}

/** GET /api/admin/readiness: /readyz with every check's detail, for admins only. */
export function readinessDetails(checks: readonly ReadinessCheck[]): RequestHandler[] {
  return [
    allow('operations.view'),
    async (_req, res) => {
      const result = await readiness(checks);
      res.status(result.ready ? 200 : 503).json({ status: statusOf(result.ready), checks: result.checks });
    },
  ];
}
