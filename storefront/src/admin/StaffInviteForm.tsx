import { inviteStaffSchema } from '@contrail/shared/staff/contracts';
import UserPlus from 'lucide-react/icons/user-plus';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../app/api-error';
import { TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/use-toast';
import { fieldErrors } from './staff-form-errors';
import { useInviteStaffMutation } from './staffApi';
import { StaffScopeFields, type ScopeDraft } from './StaffScopeFields';
import { useStaffScopeOptions } from './use-staff-scope-options';

/** Invite by email: the engine emails a single-use link that works for 72 hours. */
export function StaffInviteForm() {
  const options = useStaffScopeOptions();
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<ScopeDraft>({ role: 'support-agent', brands: [] });
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invite, state] = useInviteStaffMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = inviteStaffSchema.safeParse({ email, ...scope, reason });
    setErrors(fieldErrors(parsed.error));
    if (!parsed.success) return;
    try {
      const member = await invite(parsed.data).unwrap();
      toast({ title: 'Invitation Sent', description: `${member.email} can accept it for 72 hours.` });
      setEmail('');
      setReason('');
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The invitation could not be sent.') });
    }
  }

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-foreground">Invite Staff</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They get an email with a link to choose a username and password. The link works once, for 72 hours.
      </p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <StaffScopeFields
          value={scope}
          onChange={setScope}
          roles={options.roles}
          brandOptions={options.brands}
          errors={errors}
        />
        <TextField
          label="Reason"
          hint="Recorded with the invitation, e.g. 'New support hire for the winter season'."
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          wrapperClassName="sm:col-span-2"
        />
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-destructive-text sm:col-span-2">
            {errors.form}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={state.isLoading}>
            <UserPlus className="h-4 w-4" aria-hidden /> {state.isLoading ? 'Sending...' : 'Send Invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
