import { changeStaffRoleSchema, revokeStaffSchema, type StaffMember } from '@contrail/shared/staff/contracts';
import { mayManageMember } from '@contrail/shared/staff/policy';
import { STAFF_ROLE_LABELS } from '@contrail/shared/staff/roles';
import { format } from 'date-fns/format';
import { useState, type FormEvent } from 'react';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/use-toast';
import { Badge, type BadgeTone } from './Badge';
import { fieldErrors } from './staff-form-errors';
import { useChangeStaffRoleMutation, useRevokeStaffMutation } from './staffApi';
import { StaffScopeFields, type ScopeDraft } from './StaffScopeFields';
import { staffScopeOf } from './use-staff-can';
import { useStaffScopeOptions } from './use-staff-scope-options';

const STATUS_TONES: Record<StaffMember['status'], BadgeTone> = { active: 'good', invited: 'warn', revoked: 'bad' };

type Editing = 'none' | 'role' | 'revoke';

const invitationNote = (member: StaffMember) =>
  member.invitationExpiresAt
    ? `Invitation open until ${format(new Date(member.invitationExpiresAt), 'd MMM yyyy, HH:mm')}`
    : 'Invitation not accepted';

function ChangeRoleForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const options = useStaffScopeOptions();
  const [scope, setScope] = useState<ScopeDraft>({ role: member.role, brands: member.brands });
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [change, state] = useChangeStaffRoleMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changeStaffRoleSchema.safeParse({ ...scope, reason });
    setErrors(fieldErrors(parsed.error));
    if (!parsed.success) return;
    try {
      await change({ id: member.id, ...parsed.data }).unwrap();
      toast({
        title: 'Role Changed',
        description: `${member.username ?? member.email}: ${STAFF_ROLE_LABELS[scope.role]}`,
      });
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The role could not be changed.') });
    }
  }

  return (
    <form className="mt-4 grid gap-4 border-t border-border pt-4" onSubmit={(event) => void submit(event)} noValidate>
      <StaffScopeFields
        value={scope}
        onChange={setScope}
        roles={options.roles}
        brandOptions={options.brands}
        errors={errors}
      />
      <TextField
        label="Reason for the change"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={state.isLoading}>
          Save Role
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RevokeForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [revoke, state] = useRevokeStaffMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = revokeStaffSchema.safeParse({ reason });
    setError(fieldErrors(parsed.error).reason);
    if (!parsed.success) return;
    try {
      await revoke({ id: member.id, reason: parsed.data.reason }).unwrap();
      toast({ title: 'Access Revoked', description: `${member.username ?? member.email} is signed out everywhere.` });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, 'The access could not be revoked.'));
    }
  }

  return (
    <form className="mt-4 grid gap-4 border-t border-border pt-4" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm text-foreground">
        Revoking ends every session of {member.username ?? member.email} at once. Say why: it is recorded.
      </p>
      <TextField
        label="Reason for revoking"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={state.isLoading}>
          Revoke Access
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One member: name, role, brands, status; the actions this admin may take on them, and only those. */
export function StaffMemberCard({ member }: { member: StaffMember }) {
  const { data: user } = useCurrentUserQuery();
  const [editing, setEditing] = useState<Editing>('none');
  const mayManage =
    member.status !== 'revoked' &&
    member.username !== user?.username &&
    mayManageMember(staffScopeOf(user), { role: member.role, brands: member.brands });
  const done = () => setEditing('none');
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-semibold text-foreground">
                {member.name || member.username || member.email}
              </h3>
              <Badge tone={STATUS_TONES[member.status]}>{member.status}</Badge>
            </div>
            <p className="truncate text-sm text-muted-foreground">
              {member.username ? `${member.username} · ${member.email}` : invitationNote(member)}
            </p>
            <p className="text-sm text-foreground">
              {STAFF_ROLE_LABELS[member.role]} · {member.brands.length ? member.brands.join(', ') : 'every brand'}
            </p>
          </div>
          {mayManage && editing === 'none' && (
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing('role')}
                aria-label={`Change role of ${member.email}`}
              >
                Change Role
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing('revoke')}
                aria-label={`Revoke access of ${member.email}`}
              >
                Revoke
              </Button>
            </div>
          )}
        </div>
        {editing === 'role' && <ChangeRoleForm member={member} onDone={done} />}
        {editing === 'revoke' && <RevokeForm member={member} onDone={done} />}
      </Card>
    </li>
  );
}
