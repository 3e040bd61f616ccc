import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.js';
import { sqlBackends } from '../../test-support/sql.js';
import { PriceIndex, SqlPriceIndexStore } from './price-index.js';

const search = {
  origin: 'JFK',
  destination: 'LHR',
  departureDate: '2027-02-10',
  cabinClass: 'economy' as const,
  adultsCount: 2,
  childrenCount: 0,
  infantsCount: 0,
};

describe.each(sqlBackends())('the price index in SQL ($name)', (backend) => {
  it('keeps the latest price of each search, shared by every engine on the database', async () => {
    const sql = await backend.open();
    try {
      const clock = new ManualClock('2026-11-29T12:00:00Z');
      const one = new PriceIndex(clock, new SqlPriceIndexStore(sql));
      const other = new PriceIndex(clock, new SqlPriceIndexStore(sql));
      await one.record(search, { amount: '812.40', currency: 'USD' });
      await one.record({ ...search, adultsCount: 1 }, null);
      clock.advance(60_000);
      await other.record(search, { amount: '799.00', currency: 'USD' });
      const found = await one.fresh([search, { ...search, adultsCount: 1 }, { ...search, cabinClass: 'business' }]);
      expect([...found.values()]).toEqual([
        { cheapest: { amount: '799.00', currency: 'USD' }, seenAt: Date.parse('2026-11-29T12:01:00Z') },
        { cheapest: null, seenAt: Date.parse('2026-11-29T12:00:00Z') },
      ]);
    } finally {
      await sql.close();
    }
  });

  it('an older price never replaces a newer one, and prices older than any shelf life are deleted', async () => {
    const sql = await backend.open();
    try {
      const store = new SqlPriceIndexStore(sql);
      await store.write('a', { cheapest: { amount: '10.00', currency: 'USD' }, seenAt: 2_000 });
      await store.write('a', { cheapest: { amount: '12.00', currency: 'USD' }, seenAt: 1_000 });
      expect((await store.read(['a'])).get('a')?.cheapest?.amount).toBe('10.00');
      await store.write('b', { cheapest: null, seenAt: 2_000 + 37 * 3_600_000 });
      expect([...(await store.read(['a', 'b'])).keys()]).toEqual(['b']);
    } finally {
      await sql.close();
    }
  });
});
