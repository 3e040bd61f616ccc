import { randomUUID } from 'node:crypto';
import {
  updateAdminSettingsSchema,
  type AdminAnswer,
  type AdminSettings,
  type ModeChange,
  type ModeHistory,
  type SandboxUse,
  type UpdatedSettings,
} from '@contrail/shared/admin/settings';
import { Router, type Request } from 'express';
import { allow } from '../accounts/guards.js';
import { EndedSessions } from '../accounts/ended-sessions.js';
import { refreshSession, signedInAt } from '../accounts/session.js';
import { UserStore } from '../accounts/users.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { HttpError, parseInput } from '../http/errors.js';
import type { SqlClient } from '../storage/sql.js';
import { adminBrandRoutes } from './brand-routes.js';
import { ModeRuleError, type ProvidersConfigured } from '../system-mode/decider.js';
import { ModeSwitchConflictError, type SystemModeStore } from '../system-mode/store.js';

export interface AdminDeps {
  config: Config;
  clock: Clock;
  sql: SqlClient;
  systemMode: SystemModeStore;
}

/** Switching to live mode asks for a password sign-in this recent (ASVS 7.5: re-authentication). */
export const LIVE_MODE_SIGN_IN_WINDOW_MS = 15 * 60_000;
export const RECENT_SIGN_IN_MESSAGE =
  'Please sign in again to switch to live mode (your last sign-in was over 15 minutes ago).';

export function providersConfigured(config: Config): ProvidersConfigured {
  return { duffel: config.duffel !== undefined, stripe: config.stripe !== undefined };
}

async function settingsOf(deps: AdminDeps, mode: SystemModeStore): Promise<AdminSettings> {
  const providers = providersConfigured(deps.config);
  const sandbox: SandboxUse = deps.config.sandboxes.url ? 'sandboxes-process' : 'in-engine';
  return {
    enableLiveMode: (await mode.current()) === 'live',
    environment: deps.config.env,
    duffelApiConfigured: providers.duffel,
    stripeConfigured: providers.stripe,
    sandboxes: { flights: providers.duffel ? 'none' : sandbox, payments: providers.stripe ? 'none' : sandbox },
  };
}

function correlationId(req: Request): string {
  return typeof req.id === 'string' ? req.id : randomUUID();
}

/**
 * /api/admin: every route answers 401 signed out and 403 to a non-admin. Switching the system
 * mode affects every brand, so it is for platform admins (the first admin is one).
 */
export function adminRoutes(deps: AdminDeps): Router {
  const router = Router();
  const mode = deps.systemMode;
  const users = new UserStore(deps.sql);
  const ended = new EndedSessions(deps.sql);
  router.use(allow('admin.sign-in'));

  router.get('/settings', allow('settings.view'), async (_req, res) => {
    res.json(await settingsOf(deps, mode));
  });

  router.post('/settings', allow('settings.change-mode'), async (req, res) => {
    const { enableLiveMode } = parseInput(updateAdminSettingsSchema, req.body);
    const requested = enableLiveMode ? 'live' : 'test';
    const signedIn = signedInAt(req)?.getTime() ?? 0;
    if (requested === 'live' && deps.clock.now().getTime() - signedIn > LIVE_MODE_SIGN_IN_WINDOW_MS) {
      throw new HttpError(403, RECENT_SIGN_IN_MESSAGE, 'RECENT_SIGN_IN_REQUIRED');
    }
    const who = { userId: req.user!.id, username: req.user!.username };
    try {
      const result = await mode.switchTo(requested, providersConfigured(deps.config), who, {
        correlationId: correlationId(req),
        brand: req.brandKey!,
      });
      const label = result.mode === 'live' ? 'Live' : 'Test';
      const message = result.changed ? `${label} mode enabled` : `Already in ${result.mode} mode`;
      res.json({ success: true, message, ...(await settingsOf(deps, mode)) } satisfies UpdatedSettings);
    } catch (error) {
      if (error instanceof ModeRuleError) throw new HttpError(409, error.message, 'LIVE_MODE_UNAVAILABLE');
      if (error instanceof ModeSwitchConflictError) throw new HttpError(409, error.message, 'MODE_CONFLICT');
      throw error;
    }
  });

  /** The audit trail of the mode: every switch with who and when, oldest first. */
  router.get('/settings/history', allow('settings.view'), async (_req, res) => {
    const changes: ModeChange[] = (await mode.history()).map((event) => ({
      mode: event.type === 'LiveModeEnabled' ? 'live' : 'test',
      by: event.data.username,
      at: event.metadata.timestamp,
    }));
    res.json({ changes } satisfies ModeHistory);
  });

  /**
   * Refreshes the admin session (seed 001 §4: before and after a mode change): the user is checked
   * again and the cookie renewed, never past the session's absolute limit nor as a fresh sign-in.
   */
  router.post('/login', allow('admin.sign-in'), async (req, res) => {
    const user = await users.findById(req.user!.id);
    if (!user?.staff) throw new HttpError(403, 'Admin access required', 'FORBIDDEN');
    await refreshSession(req, user, ended, deps.clock);
    res.json({ success: true, message: 'Admin session refreshed' } satisfies AdminAnswer);
  });

  router.use('/brands', adminBrandRoutes(deps));
  return router;
}
