import type { ExportKind, ExportQuery } from '@contrail/shared/exports/exports';
import Download from 'lucide-react/icons/download';
import { buttonClass } from '../ui/button';

const LABELS: Record<ExportKind, string> = { bookings: 'Download bookings (CSV)', money: 'Download money lines (CSV)' };

/** The download address of an export with the page's filters (the session cookie goes with it). */
export function exportUrl(kind: ExportKind, filters: ExportQuery): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));
  return `/api/admin/exports/${kind}?${query}`;
}

/** Download buttons for the CSV exports, with the filters the list shows; names come as initials. */
export function ExportLinks({ kinds, filters }: { kinds: readonly ExportKind[]; filters: ExportQuery }) {
  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <a key={kind} href={exportUrl(kind, filters)} download className={buttonClass('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden /> {LABELS[kind]}
        </a>
      ))}
    </div>
  );
}
