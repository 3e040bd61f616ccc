import type { BookingDeps } from '../bookings/deps.js';
import type { Config } from '../config.js';
import type { JobHandlerRegistry } from '../jobs/job-queue.js';
import { checkTrackedPricesHandler } from './check-job.js';
import type { PriceTrackingDeps } from './deps.js';
import { priceTrackingLinkKey } from './tokens.js';

/** Price tracking's deps from the booking deps (the same store, provider, brands, accounts and mailer). */
export function priceTrackingDepsFrom(
  bookings: BookingDeps,
  config: Pick<Config, 'priceTracking' | 'piiMasterKey'>,
  baseUrl: () => string,
): PriceTrackingDeps | undefined {
  if (!config.piiMasterKey) return undefined;
  return {
    ...bookings,
    linkKey: priceTrackingLinkKey(config.piiMasterKey),
    baseUrl,
    dailySearches: config.priceTracking.dailySearches,
    checkIntervalMs: config.priceTracking.checkIntervalMs,
  };
}

export function registerPriceTrackingJobs(registry: JobHandlerRegistry, deps: PriceTrackingDeps): JobHandlerRegistry {
  return registry.register('check-tracked-prices', checkTrackedPricesHandler(deps));
}
