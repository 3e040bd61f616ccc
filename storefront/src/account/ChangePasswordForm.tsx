import { changePasswordFormSchema, changePasswordSchema } from '@contrail/shared/accounts/schemas';
import { errorMessage, toApiError } from '../app/api-error';
import { PasswordField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { showAuthFailure } from './auth-failure';
import { useChangePasswordMutation } from './authApi';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Seed 001 §8: the engine's message, "Failed to update password", or for no answer at all the unknown error. */
function failureMessage(error: unknown): string {
  return typeof toApiError(error).status === 'number'
    ? errorMessage(error, 'Failed to update password')
    : 'An unknown error occurred';
}

/** Seed 001 §5 and §8: the change-password form of the Security tab. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useZodForm(changePasswordFormSchema, empty);

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword(changePasswordSchema.parse(values)).unwrap();
      toast({ title: 'Success', description: 'Your password has been updated' });
      form.reset();
    } catch (error) {
      showAuthFailure(form, error, 'Error', failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <PasswordField label="Current Password" autoComplete="current-password" {...form.field('currentPassword')} />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint="At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character."
        {...form.field('newPassword', { deps: ['confirmPassword'] })}
      />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
