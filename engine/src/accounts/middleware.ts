import { Router, type RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Mailer } from '../email/mailer.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import type { RateLimitStoreFactory } from './rate-limits.js';
import type { Accounts } from './accounts.js';
import { knownRequestBrand } from './brand.js';
import { knownDevices } from './known-devices.js';
import { EndedSessions } from './ended-sessions.js';
import { sameOriginOnly } from './origin-check.js';
import { authRateLimits } from './rate-limits.js';
import { registrationNotice } from './registration-notice.js';
import { authRoutes } from './routes.js';
import { loadSignedInUser, sessionCookies } from './session.js';
import { UserStore } from './users.js';
import { twoFactorGate } from './two-factor/gate.js';
import { loginSecondStep } from './two-factor/login-step.js';
import { twoFactorRateLimits } from './two-factor/rate-limits.js';
import { twoFactorRoutes } from './two-factor/routes.js';
import { TwoFactor } from './two-factor/two-factor.js';

/** What sessions, sign-in and the /api/auth routes need. */
export interface AccountsHttpDeps {
  config: Pick<Config, 'sessionSecret' | 'publicUrl' | 'session' | 'env' | 'twoFactorRequired'>;
  sql: SqlClient;
  clock: Clock;
  logger: Logger;
  accounts: Accounts;
  brands: BrandDirectory;
  mailer: Mailer;
  rateLimitStore?: RateLimitStoreFactory;
}

/**
 * Runs before every /api route: refuses cross-site mutations, reads the signed session cookie,
 * refuses a brand header naming no brand (400), and sets req.brandKey and (when signed in on this brand) req.user.
 */
export function accountsMiddleware(deps: AccountsHttpDeps): RequestHandler[] {
  const secret = deps.config.sessionSecret;
  if (!secret) throw new Error('A session secret is required (SESSION_SECRET, or the embedded default in DATA_DIR)');
  return [
    sameOriginOnly({ publicUrl: deps.config.publicUrl }),
    ...sessionCookies(secret, {
      ...deps.config.session,
      alwaysSecure: deps.config.env === 'production',
    }),
    knownRequestBrand(deps.brands),
    loadSignedInUser(new UserStore(deps.sql), new EndedSessions(deps.sql), deps.clock),
    twoFactorGate(deps.config.twoFactorRequired),
  ];
}

/** /api/auth, with the second step of sign-in and the Security tab's two-factor calls. */
export function accountRoutes(deps: AccountsHttpDeps): Router {
  const devices = knownDevices(deps.sql, deps.clock, deps.config.env === 'production');
  const twoFactor = new TwoFactor(deps.sql, deps.config.sessionSecret ?? '', deps.clock);
  const requirement = deps.config.twoFactorRequired;
  const router = Router();
  router.use(
    twoFactorRoutes({
      twoFactor,
      accounts: deps.accounts,
      brands: deps.brands,
      devices,
      limits: twoFactorRateLimits(deps.clock, deps.rateLimitStore),
      clock: deps.clock,
      requirement,
    }),
  );
  router.use(
    authRoutes(
      deps.accounts,
      deps.brands,
      new EndedSessions(deps.sql),
      authRateLimits(deps.rateLimitStore, devices),
      devices,
      deps.clock,
      registrationNotice({
        sql: deps.sql,
        mailer: deps.mailer,
        brands: deps.brands,
        clock: deps.clock,
        logger: deps.logger,
      }),
      loginSecondStep(twoFactor, requirement, deps.clock),
    ),
  );
  return router;
}
