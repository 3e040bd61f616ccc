import { registerFormSchema, registerSchema } from '@contrail/shared/accounts/schemas';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../app/api-error';
import { CheckboxField, PasswordField, TextField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { toast } from '../ui/use-toast';
import { showAuthFailure } from './auth-failure';
import { AuthCard, AuthSubmit, AuthSwitch, authLinkClass } from '../ui/AuthCard';
import { useRegisterMutation } from './authApi';

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

  const submit = form.handleSubmit(async (values) => {
    try {
      // The confirmation and the terms box stay in the form.
      await register(registerSchema.parse(values)).unwrap();
      toast({ title: 'Registration successful', description: 'Your account has been created. Please sign in.' });
      void navigate('/login');
    } catch (error) {
      showAuthFailure(form, error, 'Registration failed', errorMessage(error, 'Failed to create account'));
    }
  });

  return (
    <AuthCard title="Create an Account" subtitle="Sign up to book faster and manage your trips.">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...form.field('password', { deps: ['confirmPassword'] })}
        />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <CheckboxField
          {...form.field('acceptTerms')}
          label={
            <span className="text-muted-foreground">
              I agree to the{' '}
              <Link to="/terms" className={authLinkClass}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className={authLinkClass}>
                Privacy Policy
              </Link>
            </span>
          }
        />
        <AuthSubmit busy={isLoading} label="Create Account" busyLabel="Creating account..." />
      </form>
      <AuthSwitch question="Already have an account?" to="/login" link="Log in" />
    </AuthCard>
  );
}
