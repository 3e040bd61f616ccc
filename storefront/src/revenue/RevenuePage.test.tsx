import type { AdminBrand } from '@contrail/shared/admin/brands';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { ZERO_FIGURES, type RevenueReport } from '@contrail/shared/admin/revenue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { RevenuePage } from './RevenuePage';

afterEach(() => dismissToast());

const admin = { ...signedInUser, isAdmin: true };
const brand = (key: string, name: string): AdminBrand => ({
  ...DEFAULT_BRAND,
  key,
  name,
  disabled: false,
  version: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
});
const day = {
  ...ZERO_FIGURES,
  period: '2026-11-20',
  brandKey: 'default',
  currency: 'USD',
  bookings: 2,
  travellers: 3,
  grossSales: 173_050,
  providerCost: 140_000,
  markupMargin: 33_050,
  cardFees: 5_078,
  netMargin: 27_972,
};
const sold = { currency: 'USD', bookings: 2, grossSales: 173_050, providerCost: 140_000, markupMargin: 33_050 };
const report: RevenueReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  granularity: 'day',
  brands: ['default'],
  periods: [day],
  totals: [{ ...day, cancellationRate: 0.5, averageBookingValue: 86_525, cancellations: 1 }],
  topRoutes: [{ key: 'JFK-LHR', ...sold }],
  topCarriers: [{ key: 'BA', ...sold }],
  byRule: [
    {
      key: 'jfk-lhr',
      brandKey: 'default',
      ...sold,
      bookings: 1,
      grossSales: 123_000,
      providerCost: 100_000,
      markupMargin: 23_000,
    },
    {
      key: 'default',
      brandKey: 'default',
      ...sold,
      bookings: 1,
      grossSales: 50_050,
      providerCost: 40_000,
      markupMargin: 10_050,
    },
  ],
};

function open(table: Parameters<typeof fakeEngine>[0] = {}) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, admin],
    'GET /api/admin/brands': [200, { brands: [] }],
    'GET /api/admin/revenue': [200, report],
    ...table,
  });
  renderPage(<RevenuePage />, '/admin/revenue');
  return engine;
}

describe('RevenuePage', () => {
  it('shows the totals, the charts with their data as tables, the figures per period and the top routes', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Revenue', level: 1 })).toBeInTheDocument();
    const total = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Gross sales', { selector: 'dt' });
    expect(total('Gross sales')).toBe('1730.50 USD');
    expect(total('Net margin')).toBe('279.72 USD');
    expect(total('Average booking')).toBe('865.25 USD');
    expect(total('Cancellation rate')).toBe('50.0% (1 of 2)');
    const salesTable = await screen.findByRole('table', { name: 'Sales and margin per period, USD' });
    expect(within(salesTable).getByRole('row', { name: '2026-11-20 1,730.50 330.50 279.72' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bookings and cancellations per period' })).toBeInTheDocument();
    const periods = screen.getByRole('table', { name: 'Figures per period, brand and currency' });
    expect(within(periods).getByRole('rowheader', { name: '2026-11-20' })).toBeInTheDocument();
    expect(within(periods).getByText('50.78 USD')).toBeInTheDocument();
    expect(screen.getByText('JFK-LHR')).toBeInTheDocument();
    const rules = screen.getByRole('table', { name: /per pricing rule/ });
    expect(
      within(rules).getByRole('row', { name: 'jfk-lhr default 1 1230.00 USD 1000.00 USD 230.00 USD' }),
    ).toBeInTheDocument();
    expect(within(rules).getAllByRole('row')).toHaveLength(3);
  });

  it('asks for the chosen range, brand and period, and refuses a range that ends before it starts', async () => {
    const engine = open({
      'GET /api/admin/brands': [200, { brands: [brand('default', 'Contrail'), brand('skyhop', 'SkyHop Travel')] }],
    });
    await screen.findByText('Gross sales', { selector: 'dt' });
    await userEvent.selectOptions(await screen.findByLabelText('Brand'), 'skyhop');
    await userEvent.selectOptions(screen.getByLabelText('Per'), 'month');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(engine.calls.filter((call) => call.path === '/api/admin/revenue').at(-1)?.body).toMatchObject({
        from: '2026-10-01',
        brand: 'skyhop',
        granularity: 'month',
      }),
    );
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('`from` must be on or before `to`')).toBeInTheDocument();
  });

  it('offers the money lines and bookings as CSV downloads with the applied filters', async () => {
    open();
    const money = await screen.findByRole('link', { name: 'Download money lines (CSV)' });
    expect(money.getAttribute('href')).toMatch(
      /^\/api\/admin\/exports\/money\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    );
    expect(screen.getByRole('link', { name: 'Download bookings (CSV)' }).getAttribute('href')).toContain(
      '/api/admin/exports/bookings?from=',
    );
  });

  it('downloads the bookings with names only for a reason, which goes to the engine with the filters', async () => {
    const saved = vi.fn();
    Object.assign(URL, { createObjectURL: () => 'blob:names', revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download);
    });
    const engine = open({ 'POST /api/admin/exports/bookings/reveal': [200, 'booking_id'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Download bookings with names (CSV)' }));
    const reason = screen.getByLabelText("Why do you need the travellers' names?");
    await userEvent.type(reason, 'T1');
    await userEvent.click(screen.getByRole('button', { name: 'Download with names' }));
    expect(await screen.findByText(/Please give a reason/)).toBeInTheDocument();
    expect(engine.calls.some((call) => call.path === '/api/admin/exports/bookings/reveal')).toBe(false);
    await userEvent.type(reason, ' ticket 4411');
    await userEvent.click(screen.getByRole('button', { name: 'Download with names' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded. The reason is in the access log.');
    expect(engine.calls.find((call) => call.path === '/api/admin/exports/bookings/reveal')?.body).toMatchObject({
      reason: 'T1 ticket 4411',
      from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(saved).toHaveBeenCalledWith('contrail-bookings-with-names.csv');
    click.mockRestore();
  });

  it('shows the engine’s refusal of a download with names', async () => {
    open({ 'POST /api/admin/exports/bookings/reveal': [403, { message: 'Your access does not include the brand x' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Download bookings with names (CSV)' }));
    await userEvent.type(screen.getByLabelText("Why do you need the travellers' names?"), 'Ticket 4411');
    await userEvent.click(screen.getByRole('button', { name: 'Download with names' }));
    expect(await screen.findByText('Your access does not include the brand x')).toBeInTheDocument();
  });

  it('says when nothing moved in the period', async () => {
    open({ 'GET /api/admin/revenue': [200, { ...report, periods: [], totals: [], topRoutes: [], topCarriers: [] }] });
    expect(await screen.findByText('No bookings, refunds or cancellations in this period.')).toBeInTheDocument();
  });

  it('shows the engine’s error', async () => {
    open({ 'GET /api/admin/revenue': [400, { message: 'Ask for at most 1098 days' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ask for at most 1098 days');
  });
});
