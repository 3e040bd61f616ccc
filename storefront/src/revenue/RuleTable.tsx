import type { RevenueReport } from '@contrail/shared/admin/revenue';
import { decimalAmount } from '@contrail/shared/booking/refund';
import { Card } from '../ui/card';

const cell = 'px-3 py-2 whitespace-nowrap tabular-nums';

/** The sales per pricing rule: each booking counts under the rule it recorded when it was priced. */
export function RuleTable({ rows }: { rows: RevenueReport['byRule'] }) {
  return (
    // min-w-0: the report's grid would otherwise widen to the table's width on a phone.
    <Card className="min-w-0 p-5">
      <h2 className="text-lg font-semibold text-foreground">By pricing rule</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No sales in this period.</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Sales by pricing rule">
          <table className="w-full text-right text-sm">
            <caption className="sr-only">
              Sales, provider cost and markup margin per pricing rule, as each booking recorded it
            </caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  Rule
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  Brand
                </th>
                <th scope="col" className={cell}>
                  Bookings
                </th>
                <th scope="col" className={cell}>
                  Gross sales
                </th>
                <th scope="col" className={cell}>
                  Provider cost
                </th>
                <th scope="col" className={cell}>
                  Markup margin
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.brandKey}-${row.key}-${row.currency}`} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-foreground">
                    {row.key}
                  </th>
                  <td className="px-3 py-2 text-left">{row.brandKey}</td>
                  <td className={cell}>{row.bookings}</td>
                  {[row.grossSales, row.providerCost, row.markupMargin].map((minor, index) => (
                    <td key={index} className={cell}>
                      {decimalAmount(minor, row.currency)} {row.currency}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
