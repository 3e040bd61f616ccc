import { useState, type ReactNode } from 'react';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { StaffHistoryList } from './StaffHistoryList';
import { StaffInviteForm } from './StaffInviteForm';
import { StaffMemberCard } from './StaffMemberCard';
import { useStaffHistoryQuery, useStaffQuery } from './staffApi';
import { isDenied, useAdminAccess } from './use-admin-access';
import { useStaffCan } from './use-staff-can';
import { BackToAdminSettings } from './BackToAdminSettings';

export const STAFF_DENIED = "You don't have permission to manage staff.";

function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Card className="p-6" role="alert">
      <p className="font-semibold text-destructive-text">Error: Failed to load {what}</p>
      <p className="mt-1 text-sm text-muted-foreground">{errorMessage(error, 'Please try again.')}</p>
      <Button variant="outline" className="mt-4" onClick={retry}>
        Try Again
      </Button>
    </Card>
  );
}

/** /admin/staff (issue 31): who works here, with what role on which brands; invite, change, revoke, history. */
export function StaffPage() {
  const [deniedByServer, setDeniedByServer] = useState(false);
  const access = useAdminAccess(STAFF_DENIED, deniedByServer);
  const staffCan = useStaffCan();
  const skip = access !== 'admin';
  const staff = useStaffQuery(undefined, { skip });
  const history = useStaffHistoryQuery(undefined, { skip });
  if (staff.isError && isDenied(staff.error) && !deniedByServer) setDeniedByServer(true);
  if (access === 'denied') return null;

  let list: ReactNode;
  if (access === 'checking' || staff.isLoading || staff.isUninitialized)
    list = <PageLoading label="Loading staff..." />;
  else if (staff.isError || !staff.data) {
    list = <LoadError what="staff" error={staff.error} retry={() => void staff.refetch()} />;
  } else if (staff.data.length === 0) {
    list = (
      <Card className="p-6">
        <p className="text-foreground">No staff yet. Invite someone above.</p>
      </Card>
    );
  } else {
    list = (
      <ul className="grid gap-3" aria-label="Staff">
        {staff.data.map((member) => (
          <StaffMemberCard key={member.id} member={member} />
        ))}
      </ul>
    );
  }

  let changes: ReactNode;
  if (history.isLoading || history.isUninitialized) changes = <PageLoading label="Loading history..." />;
  else if (history.isError || !history.data) {
    changes = <LoadError what="the staff history" error={history.error} retry={() => void history.refetch()} />;
  } else changes = <StaffHistoryList changes={history.data} />;

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <BackToAdminSettings />
      <h1 className="mt-4 text-3xl font-bold text-foreground">Staff</h1>
      <p className="mt-1 text-muted-foreground">Who works on your brands, with which role. Every change is recorded.</p>
      <div className="mt-8 grid gap-8">
        {access === 'admin' && staffCan('staff.manage') && <StaffInviteForm />}
        <div>
          <h2 className="mb-3 text-lg font-semibold text-foreground">Team</h2>
          {list}
        </div>
        <Card className="p-6">
          <h2 className="text-lg font-semibold text-foreground">History</h2>
          {changes}
        </Card>
      </div>
    </section>
  );
}
