import type { BookingStatus } from '@contrail/shared/booking/status';
import { cn } from '../ui/cn';

const STYLES: Record<BookingStatus, string> = {
  confirmed: 'bg-success/15 text-[#2f7a0e]',
  pending: 'bg-warning/20 text-[#8a5a00]',
  completed: 'bg-muted text-foreground',
  cancelled: 'border border-destructive/40 bg-background text-destructive-text',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', STYLES[status])}>
      {status}
    </span>
  );
}
