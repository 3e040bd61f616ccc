import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { OverdueRefunds } from './OverdueRefunds';

const refund = (bookingId: string, reference: string | null, amount: string, daysSinceAirlinePaid: number) => ({
  bookingId,
  reference,
  brandKey: 'default',
  amount,
  currency: 'USD',
  airlinePaidAt: `2026-11-${String(29 - daysSinceAirlinePaid).padStart(2, '0')}T10:00:00.000Z`,
  promisedBy: `2026-11-${String(36 - daysSinceAirlinePaid).padStart(2, '0')}T10:00:00.000Z`,
  daysSinceAirlinePaid,
});

describe('refunds overdue in the support workspace (issue #36)', () => {
  it('lists each overdue refund, the longest overdue first: reference, amount, airline-paid date, days overdue', async () => {
    fakeEngine({
      'GET /api/admin/refunds/overdue': [
        200,
        { refunds: [refund('b1', 'ABC123', '403.50', 9), refund('b2', null, '120.00', 12)] },
      ],
    });
    renderPage(<OverdueRefunds />, '/admin/support');
    const section = await screen.findByRole('region', { name: /Refunds overdue/ });
    const table = await within(section).findByRole('table', { name: /Refunds overdue/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['b2', '$120', '17 Nov 2026', '5'],
      ['ABC123', '$403.50', '20 Nov 2026', '2'],
    ]);
    expect(within(table).getByRole('link', { name: 'ABC123' })).toHaveAttribute(
      'href',
      '/admin/support?reference=ABC123',
    );
    expect(within(section).getByRole('heading')).toHaveTextContent('Refunds overdue2');
  });

  it('says when none is overdue', async () => {
    fakeEngine({ 'GET /api/admin/refunds/overdue': [200, { refunds: [] }] });
    renderPage(<OverdueRefunds />, '/admin/support');
    expect(await screen.findByText('No refund is overdue: every traveller was paid in time.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    fakeEngine({ 'GET /api/admin/refunds/overdue': [500, { message: 'The database is unavailable' }] });
    renderPage(<OverdueRefunds />, '/admin/support');
    expect(await screen.findByText(/The database is unavailable|could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByText(/No refund is overdue/)).not.toBeInTheDocument();
  });
});
