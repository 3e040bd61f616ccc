import { ZERO_FIGURES, type RevenueReport } from '@contrail/shared/admin/revenue';
import { describe, expect, it } from 'vitest';
import { currenciesOf, revenueSeries } from './revenue-series';

const period = (day: string, brandKey: string, currency: string, grossSales: number) => ({
  ...ZERO_FIGURES,
  period: day,
  brandKey,
  currency,
  bookings: 1,
  grossSales,
  netMargin: grossSales / 10,
});
const report: RevenueReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  granularity: 'day',
  brands: ['a', 'b'],
  periods: [
    period('2026-11-02', 'a', 'USD', 10_050),
    period('2026-11-01', 'b', 'USD', 5_000),
    period('2026-11-02', 'b', 'USD', 2_000),
    period('2026-11-02', 'a', 'EUR', 90_000),
  ],
  totals: [
    { ...ZERO_FIGURES, currency: 'EUR', grossSales: 90_000, cancellationRate: 0, averageBookingValue: 0 },
    { ...ZERO_FIGURES, currency: 'USD', grossSales: 17_050, cancellationRate: 0, averageBookingValue: 0 },
  ],
  topRoutes: [],
  topCarriers: [],
  byRule: [],
};

describe('revenue chart series', () => {
  it('given periods of several brands, then one point per period of the currency, brands added up, in order', () => {
    expect(revenueSeries(report, 'USD')).toEqual([
      { period: '2026-11-01', grossSales: 50, markupMargin: 0, netMargin: 5, bookings: 1, cancellations: 0 },
      { period: '2026-11-02', grossSales: 120.5, markupMargin: 0, netMargin: 12.05, bookings: 2, cancellations: 0 },
    ]);
  });

  it('given several currencies, then the busiest comes first', () => {
    expect(currenciesOf(report)).toEqual(['EUR', 'USD']);
  });
});
