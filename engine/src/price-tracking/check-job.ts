import type { JobHandler } from '../jobs/job-queue.js';
import { handleCommand, loadStream } from '../eventstore/command-handler.js';
import { checkCost, checkKey, dueChecks, type BrandBudget, type DueCheck } from './check-budget.js';
import { cheapestNow, daysOf } from './cheapest.js';
import { priceTrackingDecider } from './decider.js';
import type { PriceTrackingDeps } from './deps.js';
import { trackingStreamName } from './events.js';
import { sendOwedConfirmations } from './confirm-mail.js';
import { sendOwedDropEmails, type RecordedDrop } from './drop-mail.js';
import { PriceTrackingStore, type TrackingRow } from './store.js';

const context = (brand: string, correlationId: string) => ({ correlationId, actor: 'job:check-tracked-prices', brand });

/** The slot's check not yet recorded on at least one of the alerts sharing it. */
async function stillToCheck(deps: PriceTrackingDeps, watchers: readonly TrackingRow[], key: string) {
  for (const watcher of watchers) {
    const { state } = await loadStream(deps.eventStore, trackingStreamName(watcher.trackingId), priceTrackingDecider);
    if (state.status === 'active' && !state.checkKeys.has(key)) return true;
  }
  return false;
}

/** One live check of a search, recorded on every alert tracking it; the drops it found. */
async function checkSearch(
  deps: PriceTrackingDeps,
  due: DueCheck,
  watchers: readonly TrackingRow[],
  today: string,
): Promise<RecordedDrop[]> {
  const key = checkKey(due.brandKey, due.searchKey, deps.clock.now().getTime(), deps.checkIntervalMs);
  // Read from the streams, not the read model: a doubled job in the same slot runs no second search.
  if (!(await stillToCheck(deps, watchers, key))) return [];
  const { search } = watchers[0]!;
  const brand = await deps.brands.find(due.brandKey);
  if (!brand) return [];
  const found = await cheapestNow(deps.flights, search, daysOf(search, today), brand.pricing);
  const drops: RecordedDrop[] = [];
  for (const watcher of watchers) {
    const handled = await handleCommand(
      deps.eventStore,
      trackingStreamName(watcher.trackingId),
      priceTrackingDecider,
      {
        type: 'RecordCheck',
        checkKey: key,
        cheapestMinor: found?.minor ?? null,
        currency: found?.currency ?? null,
        departureDate: found?.departureDate ?? null,
        cost: due.cost,
      },
      { context: context(due.brandKey, key), clock: deps.clock, retriesOnConflict: 3 },
    );
    for (const event of handled.events) {
      if (event.type === 'TrackedPriceChecked' && event.data.dropped)
        drops.push({ tracking: watcher, check: event.data });
    }
  }
  return drops;
}

/**
 * Periodic (issue 34): re-checks the tracked searches that are due, each once however many
 * travellers track it, within each brand's daily budget of live searches (counted from the checks
 * recorded today), then writes the drop emails owed. Everything it decides from is recorded events
 * (the streams and their read model); a check's key is its search and slot, so a run repeated in
 * the same slot records nothing and sends nothing new. It also writes the confirmation emails an alert
 * recorded as pending still lacks (the request that recorded it ended before the outbox).
 */
export function checkTrackedPricesHandler(deps: PriceTrackingDeps): JobHandler<'check-tracked-prices'> {
  const store = new PriceTrackingStore(deps.sql);
  return async () => {
    const now = deps.clock.now();
    const today = now.toISOString().slice(0, 10);
    const active = (await store.active()).filter((row) => daysOf(row.search, today).length > 0);
    const used = await store.usedSince(new Date(`${today}T00:00:00Z`));
    const budgets = new Map<string, BrandBudget>(
      [...new Set(active.map((row) => row.brandKey))].map((brand) => [
        brand,
        { daily: deps.dailySearches, usedToday: used.get(brand) ?? 0 },
      ]),
    );
    const trackings = active.map((row) => ({
      brandKey: row.brandKey,
      searchKey: row.searchKey,
      cost: checkCost(row.search.when, today),
      lastCheckedAt: row.lastCheckedAt === null ? null : Date.parse(row.lastCheckedAt),
    }));
    const drops: RecordedDrop[] = [];
    for (const due of dueChecks(trackings, budgets, now.getTime(), deps.checkIntervalMs)) {
      const watchers = active.filter((row) => row.brandKey === due.brandKey && row.searchKey === due.searchKey);
      try {
        drops.push(...(await checkSearch(deps, due, watchers, today)));
      } catch (error) {
        // One search failing (provider down) leaves the others to be checked; it is due again next run.
        deps.logger.warn({ err: error, searchKey: due.searchKey }, 'price alert check failed');
      }
    }
    await sendOwedDropEmails(deps, store, drops);
    await sendOwedConfirmations(deps, store);
  };
}
