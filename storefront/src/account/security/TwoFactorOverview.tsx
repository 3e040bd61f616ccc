import type { TwoFactorStatus } from '@contrail/shared/accounts/two-factor';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { cn } from '../../ui/cn';

/** The Security Overview's two-factor line: its real state. */
export function TwoFactorOverview({ status }: { status: TwoFactorStatus | undefined }) {
  const enabled = status?.enabled ?? false;
  const description = !status
    ? 'Checking...'
    : enabled
      ? `On. ${status.recoveryCodesLeft} recovery codes left.`
      : status.required
        ? 'Required for your account.'
        : 'Off. Turn it on below.';
  return (
    <li className="flex items-start gap-3">
      <ShieldCheck
        className={cn('mt-0.5 h-5 w-5', enabled ? 'text-primary-text' : 'text-muted-foreground')}
        aria-hidden
      />
      <div className="flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-foreground">Two-Factor Authentication</p>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              enabled ? 'bg-primary-surface text-primary-foreground' : 'bg-muted text-muted-foreground',
            )}
          >
            {enabled ? 'Enabled' : 'Not enabled'}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
    </li>
  );
}
