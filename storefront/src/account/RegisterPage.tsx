import { registerFormSchema, registerSchema } from '@contrail/shared/accounts/schemas';
import { useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { AuthCard } from './AuthCard';
import { useRegisterMutation } from './authApi';
import { serverFieldErrors, serverMessage } from './server-error';
import { TextField } from './TextField';
import { useZodForm } from './use-zod-form';

const linkClass = 'font-medium text-primary-text underline-offset-4 hover:underline';

const empty = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** /register (seed 001 §2, §5, §8): the terms box is shown but not enforced; success goes to /login. */
export function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const form = useZodForm(registerFormSchema, empty);
  const termsId = useId();
  const { values, errors, setField } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      // The confirmation and the terms box stay in the form.
      await register(registerSchema.parse(values)).unwrap();
      toast({ title: 'Registration successful', description: 'Your account has been created. Please sign in.' });
      void navigate('/login');
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      toast({
        title: 'Registration failed',
        description: serverMessage(error, 'Failed to create account'),
        variant: 'destructive',
      });
    }
  }

  return (
    <AuthCard title="Create an Account" subtitle="Sign up to book faster and manage your trips.">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onValueChange={(value) => setField('firstName', value)}
            error={errors.firstName}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onValueChange={(value) => setField('lastName', value)}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onValueChange={(value) => setField('email', value)}
          error={errors.email}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onValueChange={(value) => setField('username', value)}
          error={errors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={(value) => setField('password', value)}
          error={errors.password}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={(value) => setField('confirmPassword', value)}
          error={errors.confirmPassword}
        />
        <div className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            checked={values.acceptTerms}
            onChange={(event) => setField('acceptTerms', event.target.checked)}
            className="mt-0.5 h-4 w-4 accent-[var(--color-primary)]"
          />
          <label htmlFor={termsId} className="text-sm text-muted-foreground">
            I agree to the{' '}
            <Link to="/terms" className={linkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </label>
        </div>
        <Button type="submit" className="w-full" disabled={isLoading}>
          {isLoading ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
