import { changePasswordFormSchema, changePasswordSchema } from '@contrail/shared/accounts/schemas';
import type { FormEvent } from 'react';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { useChangePasswordMutation } from './authApi';
import { serverFieldErrors, serverMessage } from './server-error';
import { TextField } from './TextField';
import { useZodForm } from './use-zod-form';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

function failureMessage(error: unknown): string {
  const isApiError = error !== null && typeof error === 'object' && 'status' in error;
  return isApiError ? serverMessage(error, 'Failed to update password') : 'An unknown error occurred';
}

/** Seed 001 §5 and §8: the change-password form of the Security tab. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useZodForm(changePasswordFormSchema, empty);
  const { values, errors, setField } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await changePassword(changePasswordSchema.parse(values)).unwrap();
      toast({ title: 'Success', description: 'Your password has been updated' });
      form.reset();
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onValueChange={(value) => setField('currentPassword', value)}
        error={errors.currentPassword}
      />
      <div>
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onValueChange={(value) => setField('newPassword', value)}
          error={errors.newPassword}
        />
        {!errors.newPassword && (
          <p className="mt-1 text-xs text-muted-foreground">
            At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character.
          </p>
        )}
      </div>
      <TextField
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(value) => setField('confirmPassword', value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
