import { secondStepSchema } from '@contrail/shared/accounts/two-factor';
import { errorMessage } from '../../app/api-error';
import { useZodForm } from '../../forms/use-zod-form';
import { toast } from '../../ui/use-toast';
import { AuthSubmit } from '../../ui/AuthCard';
import { CodeField } from './CodeField';
import { useSignInWithCodeMutation } from './twoFactorApi';

/** The second step of sign-in: a code from the app, or a recovery code. Signed in only once it passes. */
export function SignInCodeStep({ onSignedIn }: { onSignedIn(): void }) {
  const [signInWithCode, { isLoading }] = useSignInWithCodeMutation();
  const form = useZodForm(secondStepSchema, { code: '' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await signInWithCode(values).unwrap();
      onSignedIn();
    } catch (error) {
      const message = errorMessage(error, 'That code is not valid.');
      form.setValue('code', '');
      form.setError('code', { message }, { shouldFocus: true });
      toast({ title: 'Verification failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Open your authenticator app and enter the 6-digit code it shows for this account.
      </p>
      <CodeField label="Authentication code" recovery autoFocus {...form.field('code')} />
      <AuthSubmit busy={isLoading} label="Verify" busyLabel="Verifying..." />
    </form>
  );
}
