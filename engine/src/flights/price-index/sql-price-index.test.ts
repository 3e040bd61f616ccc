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

const trip = (total_amount: string) => ({
  total_amount,
  total_currency: 'USD',
  owner: { iata_code: 'BA' },
  slices: [{ origin: { iata_code: 'JFK', country_code: 'US' }, destination: { iata_code: 'LHR', country_code: 'GB' } }],
});

describe.each(sqlBackends())('the price index in SQL ($name)', (backend) => {
  it('keeps the latest price of each search, shared by every engine on the database', async () => {
    const sql = await backend.open();
    try {
      const clock = new ManualClock('2026-11-29T12:00:00Z');
      const one = new PriceIndex(clock, new SqlPriceIndexStore(sql));
      const other = new PriceIndex(clock, new SqlPriceIndexStore(sql));
      await one.record(search, trip('812.40'));
      await one.record({ ...search, adultsCount: 1 }, null);
      clock.advance(60_000);
      await other.record(search, trip('799.00'));
      const found = await one.fresh([search, { ...search, adultsCount: 1 }, { ...search, cabinClass: 'business' }]);
      expect([...found.values()]).toEqual([
        { cheapest: trip('799.00'), seenAt: Date.parse('2026-11-29T12:01:00Z') },
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
      await store.write('a', { cheapest: trip('10.00'), seenAt: 2_000 });
      await store.write('a', { cheapest: trip('12.00'), seenAt: 1_000 });
      expect((await store.read(['a'])).get('a')?.cheapest?.total_amount).toBe('10.00');
      await store.write('b', { cheapest: null, seenAt: 2_000 + 37 * 3_600_000 });
      expect([...(await store.read(['a', 'b'])).keys()]).toEqual(['b']);
    } finally {
      await sql.close();
    }
  });
});
