import type { StaffChange } from '@contrail/shared/staff/contracts';
import { STAFF_ROLE_LABELS } from '@contrail/shared/staff/roles';
import { format } from 'date-fns/format';

const VERBS: Record<StaffChange['type'], string> = {
  enrolled: 'Joined as existing admin',
  invited: 'Invited',
  accepted: 'Accepted',
  'role-changed': 'Role changed',
  revoked: 'Access revoked',
};

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** Every staff change, newest first: what, to whom, by whom, when and why. */
export function StaffHistoryList({ changes }: { changes: StaffChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No staff changes yet.</p>;
  return (
    <ol className="divide-y divide-border">
      {changes.map((change, index) => (
        <li key={`${change.staffId}-${index}`} className="py-3 text-sm">
          <p className="font-medium text-foreground">
            {VERBS[change.type]}: {change.email}
            {change.type !== 'revoked' && (
              <span className="font-normal text-muted-foreground">
                {' '}
                as {STAFF_ROLE_LABELS[change.role]} ({change.brands.length ? change.brands.join(', ') : 'every brand'})
              </span>
            )}
          </p>
          <p className="text-muted-foreground">
            by {change.by}, <time dateTime={change.at}>{when(change.at)}</time>: “{change.reason}”
          </p>
        </li>
      ))}
    </ol>
  );
}
