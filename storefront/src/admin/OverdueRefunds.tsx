import { daysOverdue, REFUND_PAYOUT_DAYS } from '@contrail/shared/booking/refund-progress';
import { formatPrice } from '@contrail/shared/results/format';
import { format } from 'date-fns/format';
import { Link } from 'react-router';
import { errorMessage } from '../app/api-error';
import { Card } from '../ui/card';
import { useOverdueRefundsQuery } from './overdueRefundsApi';

const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/**
 * Refunds overdue (issue #36): the airline paid more than REFUND_PAYOUT_DAYS ago and the traveller
 * has not been paid yet (the commitment online agencies made to the European consumer authorities).
 */
export function OverdueRefunds() {
  const overdue = useOverdueRefundsQuery();
  const refunds = overdue.data?.refunds ?? [];
  return (
    <section aria-labelledby="overdue-refunds" className="mt-10">
      <h2 id="overdue-refunds" className="text-xl font-bold text-foreground">
        Refunds overdue
        {refunds.length > 0 && (
          <span className="ml-2 rounded-full bg-warning/20 px-2 py-0.5 text-sm text-[#8a5a00]">{refunds.length}</span>
        )}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The airline paid more than {REFUND_PAYOUT_DAYS} days ago, and the traveller has not been paid yet.
      </p>
      {overdue.isError && (
        <p className="mt-3 text-sm text-destructive-text">
          {errorMessage(overdue.error, 'The overdue refunds could not be loaded.')}
        </p>
      )}
      {overdue.isSuccess && refunds.length === 0 && (
        <p className="mt-3 text-muted-foreground">No refund is overdue: every traveller was paid in time.</p>
      )}
      {refunds.length > 0 && (
        <Card className="mt-4 overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refunds overdue, the longest overdue first</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Booking
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Airline paid
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Days overdue
                </th>
              </tr>
            </thead>
            <tbody>
              {[...refunds]
                .sort((a, b) => b.daysSinceAirlinePaid - a.daysSinceAirlinePaid)
                .map((refund) => (
                  <tr key={refund.bookingId} className="border-b border-border last:border-0">
                    <th scope="row" className="px-4 py-2 font-normal">
                      <Link
                        to={`/admin/support?reference=${encodeURIComponent(refund.reference ?? refund.bookingId)}`}
                        className="font-mono font-semibold text-primary-text hover:underline"
                      >
                        {refund.reference ?? refund.bookingId}
                      </Link>
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums">{formatPrice(refund.amount, refund.currency)}</td>
                    <td className="px-4 py-2">
                      <time dateTime={refund.airlinePaidAt}>{day(refund.airlinePaidAt)}</time>
                    </td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums">{daysOverdue(refund)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
