import type { BookingStatus } from '@contrail/shared/booking/status';
import { cn } from '../ui/cn';

const STYLES: Record<BookingStatus, string> = {
  confirmed: 'bg-success/15 text-[#2f7a0e]',
  pending: 'bg-warning/20 text-[#8a5a00]',
  completed: 'bg-muted text-foreground',
  cancelled: 'border border-destructive/40 bg-background text-destructive-text',
};

/** `label`: a word more precise than the status (a held trip is "held", a lapsed hold "expired"). */
export function StatusBadge({ status, label }: { status: BookingStatus; label?: string }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', STYLES[status])}>
      {label ?? status}
    </span>
  );
}
