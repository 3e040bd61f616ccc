import type { BrandChange } from '@contrail/shared/admin/brands';
import { format } from 'date-fns/format';
import { pricingSummary } from '@contrail/shared/pricing/describe';
import { brandPricingSchema } from '@contrail/shared/pricing/pricing-schema';
import { Card } from '../ui/card';
import { useBrandHistoryQuery } from './adminApi';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'd MMM yyyy, HH:mm');
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A pricing change: what the pricing became, and why. */
function PricingChange({ change }: { change: BrandChange }) {
  const parsed = brandPricingSchema.safeParse(change.changes.pricing?.to);
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      {parsed.success && <>Now {pricingSummary(parsed.data)}. </>}
      Why: {change.reason ?? '(not recorded)'}
    </p>
  );
}

function Change({ change }: { change: BrandChange }) {
  const fields = Object.entries(change.changes);
  return (
    <li className="border-l-2 border-border pb-4 pl-4 last:pb-0">
      <p className="text-sm font-medium text-foreground">
        <span className="capitalize">{change.action}</span> by {change.by}
        <span className="font-normal text-muted-foreground">
          {' '}
          · version {change.version} · {when(change.at)}
        </span>
      </p>
      {change.action === 'updated' && fields.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
          {fields.slice(0, 8).map(([path, { from, to }]) => (
            <li key={path} className="break-all">
              <span className="font-mono text-foreground">{path}</span>: {shown(from)} → {shown(to)}
            </li>
          ))}
          {fields.length > 8 && <li>and {fields.length - 8} more</li>}
        </ul>
      )}
      {change.action === 'pricing' && <PricingChange change={change} />}
    </li>
  );
}

/** The brand's audit trail, newest first: who changed what, and when. */
export function BrandHistory({ brandKey }: { brandKey: string }) {
  const { data, isLoading, isError } = useBrandHistoryQuery(brandKey);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-foreground">Change history</h2>
      {isLoading && <p className="mt-2 text-sm text-muted-foreground">Loading history...</p>}
      {isError && <p className="mt-2 text-sm text-destructive-text">The change history could not be loaded.</p>}
      {data && (
        <ol className="mt-4">
          {[...data].reverse().map((change) => (
            <Change key={change.version} change={change} />
          ))}
        </ol>
      )}
    </Card>
  );
}
