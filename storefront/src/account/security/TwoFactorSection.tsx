import {
  disableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  RECOVERY_CODE_COUNT,
  type TwoFactorStatus,
} from '@contrail/shared/accounts/two-factor';
import { format } from 'date-fns/format';
import { useState } from 'react';
import { errorMessage } from '../../app/api-error';
import { PasswordField } from '../../forms/fields';
import { useZodForm } from '../../forms/use-zod-form';
import { Button } from '../../ui/button';
import { toast } from '../../ui/use-toast';
import { showAuthFailure } from '../auth-failure';
import { CodeField } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';
import { useDisableTwoFactorMutation, useRegenerateRecoveryCodesMutation } from './twoFactorApi';

function RegenerateForm({ onCodes }: { onCodes(codes: string[]): void }) {
  const [regenerate, { isLoading }] = useRegenerateRecoveryCodesMutation();
  const form = useZodForm(regenerateRecoveryCodesSchema, { code: '' });
  const submit = form.handleSubmit(async (values) => {
    try {
      onCodes((await regenerate(values).unwrap()).recoveryCodes);
    } catch (error) {
      form.setValue('code', '');
      showAuthFailure(form, error, 'Error', errorMessage(error, 'New recovery codes could not be made'));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 className="text-sm font-semibold text-foreground">New recovery codes</h3>
      <CodeField label="Code to confirm" recovery {...form.field('code')} />
      <Button type="submit" variant="outline" disabled={isLoading}>
        {isLoading ? 'Making codes...' : 'Regenerate recovery codes'}
      </Button>
    </form>
  );
}

function DisableForm() {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const form = useZodForm(disableTwoFactorSchema, { password: '', code: '' });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await disable(values).unwrap();
      toast({ title: 'Success', description: answer.message });
    } catch (error) {
      form.setValue('code', '');
      showAuthFailure(form, error, 'Error', errorMessage(error, 'Two-factor authentication could not be turned off'));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 className="text-sm font-semibold text-foreground">Turn off two-factor authentication</h3>
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <CodeField label="Authentication code" recovery {...form.field('code')} />
      <Button type="submit" variant="destructive" disabled={isLoading}>
        {isLoading ? 'Turning off...' : 'Turn off'}
      </Button>
    </form>
  );
}

function Enabled({ status, onCodes }: { status: TwoFactorStatus; onCodes(codes: string[]): void }) {
  const since = status.enabledAt ? format(new Date(status.enabledAt), 'MMMM do, y') : 'N/A';
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Enabled since</dt>
          <dd className="font-medium text-foreground">{since}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Recovery codes left</dt>
          <dd className="font-medium text-foreground">
            {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT}
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <RegenerateForm onCodes={onCodes} />
        {status.required ? (
          <p className="text-sm text-muted-foreground">
            Your account must use two-factor authentication, so it cannot be turned off.
          </p>
        ) : (
          <DisableForm />
        )}
      </div>
    </div>
  );
}

/** The Security tab's two-factor panel: the real state, enrolment, new recovery codes, turning it off. */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[]>();

  if (codes) return <RecoveryCodes codes={codes} doneLabel="Done" onDone={() => setCodes(undefined)} />;
  if (status.enabled) return <Enabled status={status} onCodes={setCodes} />;
  if (enrolling) {
    return (
      <TotpEnrolment
        atSignIn={false}
        onEnrolled={(made) => {
          setEnrolling(false);
          setCodes(made);
        }}
      />
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Protect your account with a code from an authenticator app on your phone each time you sign in.
      </p>
      <Button type="button" onClick={() => setEnrolling(true)}>
        Set up two-factor authentication
      </Button>
    </div>
  );
}
