import { loginSchema } from '@contrail/shared/accounts/schemas';
import { needsSecondStep, type SecondStepNeeded } from '@contrail/shared/accounts/two-factor';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { PasswordField, TextField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { toast } from '../ui/use-toast';
import { showAuthFailure } from './auth-failure';
import { AuthCard, AuthSubmit, AuthSwitch, authLinkClass } from '../ui/AuthCard';
import { useLoginMutation } from './authApi';
import { safeRedirect } from './safe-redirect';
import { SecondStep } from './security/SecondStep';

/** /login (seed 001 §2, §5, §8): success goes to the `redirect` page, else to /. */
export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(loginSchema, { username: '', password: '' });
  const [secondStep, setSecondStep] = useState<SecondStepNeeded['twoFactor']>();

  const signedIn = () => {
    toast({ title: 'Login successful' });
    void navigate(safeRedirect(params.get('redirect')));
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await login(values).unwrap();
      if (needsSecondStep(answer)) setSecondStep(answer.twoFactor);
      else signedIn();
    } catch (error) {
      showAuthFailure(form, error, 'Login failed', errorMessage(error, 'Invalid username or password'));
    }
  });

  if (secondStep) return <SecondStep step={secondStep} onSignedIn={signedIn} />;
  return (
    <AuthCard title="Log In" subtitle="Sign in to manage your trips and bookings.">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          labelAside={
            // Seed 001 §2: the link leads nowhere.
            <a href="#" onClick={(event) => event.preventDefault()} className={`text-sm ${authLinkClass}`}>
              Forgot password?
            </a>
          }
        />
        <AuthSubmit busy={isLoading} label="Log In" busyLabel="Logging in..." />
      </form>
      <AuthSwitch question="Don't have an account?" to="/register" link="Sign up" />
    </AuthCard>
  );
}
