import { describe, expect, it } from 'vitest';
import { checkCost, checkKey, dueChecks, type Tracking } from './check-budget.js';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T12:00:00Z');
const SIX_HOURS = 6 * HOUR;

const tracking = (searchKey: string, overrides: Partial<Tracking> = {}): Tracking => ({
  brandKey: 'default',
  searchKey,
  cost: 1,
  lastCheckedAt: null,
  ...overrides,
});

const budget = (daily: number, usedToday = 0) => new Map([['default', { daily, usedToday }]]);

describe('which tracked searches are checked, within the brand’s daily budget', () => {
  it('given three travellers on one search, it is checked once, costing the budget once', () => {
    const due = dueChecks([tracking('A'), tracking('A'), tracking('A')], budget(1), NOW, SIX_HOURS);
    expect(due).toEqual([{ brandKey: 'default', searchKey: 'A', cost: 1, watchers: 3 }]);
  });

  it('given a spent budget, nothing is checked; given some left, the longest unchecked first', () => {
    const trackings = [
      tracking('recent', { lastCheckedAt: NOW - 7 * HOUR }),
      tracking('older', { lastCheckedAt: NOW - 20 * HOUR }),
      tracking('never'),
    ];
    expect(dueChecks(trackings, budget(10, 10), NOW, SIX_HOURS)).toEqual([]);
    expect(dueChecks(trackings, budget(10, 8), NOW, SIX_HOURS).map((due) => due.searchKey)).toEqual(['never', 'older']);
  });

  it('a search checked within the interval waits, whatever the budget', () => {
    expect(dueChecks([tracking('A', { lastCheckedAt: NOW - HOUR })], budget(100), NOW, SIX_HOURS)).toEqual([]);
  });

  it('among equally stale searches, the most watched first; one too dear gives way to cheaper ones', () => {
    const trackings = [tracking('one'), tracking('two'), tracking('two'), tracking('month', { cost: 30 })];
    expect(dueChecks(trackings, budget(5), NOW, SIX_HOURS).map((due) => due.searchKey)).toEqual(['two', 'one']);
  });

  it('each brand spends its own budget; a brand without one checks nothing', () => {
    const trackings = [tracking('A'), tracking('A', { brandKey: 'skyhop' }), tracking('A', { brandKey: 'nordlys' })];
    const budgets = new Map([
      ['default', { daily: 1, usedToday: 1 }],
      ['skyhop', { daily: 1, usedToday: 0 }],
    ]);
    expect(dueChecks(trackings, budgets, NOW, SIX_HOURS).map((due) => due.brandKey)).toEqual(['skyhop']);
  });
});

describe('a check’s key and cost', () => {
  it('the same search in the same interval has one key; the next interval another', () => {
    const first = checkKey('default', 'A', NOW, SIX_HOURS);
    expect(checkKey('default', 'A', NOW + HOUR, SIX_HOURS)).toBe(first);
    expect(checkKey('default', 'A', NOW + SIX_HOURS, SIX_HOURS)).not.toBe(first);
    expect(checkKey('skyhop', 'A', NOW, SIX_HOURS)).not.toBe(first);
  });

  it('a date costs one search; a month costs each of its days still ahead', () => {
    expect(checkCost({ kind: 'date', departureDate: '2026-12-20' }, '2026-12-01')).toBe(1);
    expect(checkCost({ kind: 'month', month: '2027-02' }, '2026-12-01')).toBe(28);
    expect(checkCost({ kind: 'month', month: '2026-12' }, '2026-12-21')).toBe(11);
    expect(checkCost({ kind: 'month', month: '2026-11' }, '2026-12-21')).toBe(0);
  });
});
