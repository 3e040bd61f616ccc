import type { TrackedWhen } from '@contrail/shared/price-tracking/tracked-search';

/** One traveller's tracking of a search, as the scheduler sees it. */
export interface Tracking {
  brandKey: string;
  /** The search's key (search-cache.ts `searchKey`, or the month's): travellers tracking the same share it. */
  searchKey: string;
  /** Live searches one check costs: 1 for a date, the days still on sale for a month. */
  cost: number;
  /** When the search was last checked (epoch ms), null before its first check. */
  lastCheckedAt: number | null;
}

export interface BrandBudget {
  /** Live searches a brand's tracking may run a day (Duffel budgets its searches per booking). */
  daily: number;
  /** Run today already. */
  usedToday: number;
}

/** A search due for a check, once for every traveller tracking it. */
export interface DueCheck {
  brandKey: string;
  searchKey: string;
  cost: number;
  watchers: number;
}

interface Group extends DueCheck {
  lastCheckedAt: number | null;
}

function grouped(trackings: readonly Tracking[]): Group[] {
  const groups = new Map<string, Group>();
  for (const tracking of trackings) {
    const id = `${tracking.brandKey}\n${tracking.searchKey}`;
    const group = groups.get(id);
    if (group) group.watchers += 1;
    else groups.set(id, { ...tracking, watchers: 1 });
  }
  return [...groups.values()];
}

/** Never checked first, then the longest unchecked, then the most watched. */
const byNeed = (a: Group, b: Group) =>
  (a.lastCheckedAt ?? -Infinity) - (b.lastCheckedAt ?? -Infinity) || b.watchers - a.watchers;

/**
 * The searches to check now (issue 34): each search once however many travellers track it, none
 * checked within `minIntervalMs`, and per brand no more live searches than are left of its daily
 * budget; a search too dear for what is left gives way to cheaper ones.
 */
export function dueChecks(
  trackings: readonly Tracking[],
  budgets: ReadonlyMap<string, BrandBudget>,
  now: number,
  minIntervalMs: number,
): DueCheck[] {
  const left = new Map([...budgets].map(([brand, budget]) => [brand, Math.max(0, budget.daily - budget.usedToday)]));
  const due: DueCheck[] = [];
  const stale = grouped(trackings).filter(
    (group) => group.lastCheckedAt === null || now - group.lastCheckedAt >= minIntervalMs,
  );
  for (const { lastCheckedAt: _checked, ...group } of stale.sort(byNeed)) {
    const remaining = left.get(group.brandKey) ?? 0;
    if (group.cost > remaining) continue;
    left.set(group.brandKey, remaining - group.cost);
    due.push(group);
  }
  return due;
}

/** The key of one check of a search: a retried or doubled job in the same slot finds the check already done. */
export function checkKey(brandKey: string, searchKey: string, now: number, minIntervalMs: number): string {
  return `${brandKey}|${searchKey}|${Math.floor(now / minIntervalMs)}`;
}

const DAY_MS = 86_400_000;

/** Live searches one check of `when` costs: a date is one search, a month is each of its days still ahead. */
export function checkCost(when: TrackedWhen, today: string): number {
  if (when.kind === 'date') return 1;
  const first = Date.parse(`${when.month}-01T00:00:00Z`);
  const next = new Date(first);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const from = Math.max(first, Date.parse(`${today}T00:00:00Z`));
  return Math.max(0, Math.round((next.getTime() - from) / DAY_MS));
}
