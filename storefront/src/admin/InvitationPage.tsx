import { acceptInvitationSchema } from '@contrail/shared/staff/contracts';
import { accountMessages } from '@contrail/shared/accounts/schemas';
import { STAFF_ROLE_LABELS } from '@contrail/shared/staff/roles';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard, AuthSubmit, authLinkClass } from '../ui/AuthCard';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { PasswordField, TextField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { useAcceptInvitationMutation, useInvitationQuery } from './staffApi';

const formSchema = acceptInvitationSchema
  .omit({ token: true })
  .extend({ confirmPassword: acceptInvitationSchema.shape.password })
  .refine((form) => form.password === form.confirmPassword, {
    message: accountMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** The invitation link's token: in the fragment (#token=...), which never reaches a server log. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** /admin/invitation#token=...: a new member of staff chooses a username and password (issue 31). */
export function InvitationPage() {
  const token = tokenOf(useLocation().hash);
  const invitation = useInvitationQuery(token, { skip: token === '' });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [done, setDone] = useState<{ username: string; brandKey: string }>();
  const [failure, setFailure] = useState<string>();
  const form = useZodForm(formSchema, { username: '', firstName: '', lastName: '', password: '', confirmPassword: '' });

  const submit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      setDone(await accept({ ...values, token }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, 'The invitation could not be accepted.'));
    }
  });

  if (done) {
    const login = `/login?brand=${encodeURIComponent(done.brandKey)}&redirect=${encodeURIComponent('/admin-settings')}`;
    return (
      <AuthCard title="Welcome aboard" subtitle={`Your staff account ${done.username} is ready.`}>
        <Link to={login} className={authLinkClass}>
          Sign in to the admin pages
        </Link>
      </AuthCard>
    );
  }
  if (token !== '' && invitation.isLoading) return <PageLoading label="Opening your invitation..." />;
  if (token === '' || invitation.isError || !invitation.data) {
    return (
      <AuthCard
        title="Invitation not valid"
        subtitle="This link is not valid, has expired (after 72 hours) or was used."
      >
        <p role="alert" className="text-sm text-foreground">
          Ask the admin who invited you to send a new invitation.
        </p>
      </AuthCard>
    );
  }
  const { email, role, brands, expiresAt } = invitation.data;
  const scope = brands.length ? brands.join(', ') : 'every brand';
  return (
    <AuthCard
      title="Join the staff"
      subtitle={`${email} is invited as ${STAFF_ROLE_LABELS[role]} for ${scope}, until ${new Date(expiresAt).toLocaleString()}.`}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive-text">
            {failure}
          </p>
        )}
        <AuthSubmit busy={accepting.isLoading} label="Create Staff Account" busyLabel="Creating..." />
      </form>
    </AuthCard>
  );
}
