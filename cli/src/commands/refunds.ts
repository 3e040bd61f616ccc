import { overdueRefundsSchema } from '@contrail/shared/booking/refund-progress';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { localTime, timeHeader } from '../output/time.js';

/**
 * `contrail refunds overdue` (issue 36): refunds the airline paid more than 7 days ago that the
 * traveller has not been paid yet, oldest first. No personal data: `contrail bookings show` for more.
 */
export async function overdueRefunds(ctx: CommandContext, options: { brand?: string; json?: boolean }): Promise<void> {
  const query = options.brand
    ? `?${new URLSearchParams({ brand: options.brand.trim().toLowerCase() }).toString()}`
    : '';
  const { refunds } = await ctx.client.call('GET', `/api/admin/refunds/overdue${query}`, {
    action: 'contrail refunds overdue',
    schema: overdueRefundsSchema,
  });
  if (options.json) return printJson(ctx.io, refunds);
  if (refunds.length === 0)
    return print(
      ctx.io,
      'No refund is overdue: every refund the airline paid over 7 days ago has reached its traveller.',
    );
  printTable(ctx.io, refunds, [
    { header: 'REFERENCE', value: (refund) => refund.reference ?? '-' },
    { header: 'BRAND', value: (refund) => refund.brandKey },
    { header: 'AMOUNT', value: (refund) => `${refund.amount} ${refund.currency}` },
    {
      header: timeHeader('AIRLINE PAID', ctx.timeZone),
      value: (refund) => localTime(refund.airlinePaidAt, ctx.timeZone),
    },
    { header: 'DAYS', value: (refund) => String(refund.daysSinceAirlinePaid), tone: () => 'bad' },
    { header: timeHeader('PROMISED BY', ctx.timeZone), value: (refund) => localTime(refund.promisedBy, ctx.timeZone) },
    { header: 'ID', value: (refund) => refund.bookingId },
  ]);
}
