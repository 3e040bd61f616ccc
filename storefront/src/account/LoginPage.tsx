import { loginSchema } from '@contrail/shared/accounts/schemas';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { AuthCard } from './AuthCard';
import { useLoginMutation } from './authApi';
import { safeRedirect } from './safe-redirect';
import { serverFieldErrors, serverMessage } from './server-error';
import { TextField } from './TextField';
import { useZodForm } from './use-zod-form';

const linkClass = 'font-medium text-primary-text underline-offset-4 hover:underline';

/** /login (seed 001 §2, §5, §8): success goes to the `redirect` page, else to /. */
export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(loginSchema, { username: '', password: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await login(loginSchema.parse(form.values)).unwrap();
      toast({ title: 'Login successful' });
      void navigate(safeRedirect(params.get('redirect')));
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      toast({
        title: 'Login failed',
        description: serverMessage(error, 'Invalid username or password'),
        variant: 'destructive',
      });
    }
  }

  return (
    <AuthCard title="Log In" subtitle="Sign in to manage your trips and bookings.">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={form.values.username}
          onValueChange={(value) => form.setField('username', value)}
          error={form.errors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onValueChange={(value) => form.setField('password', value)}
          error={form.errors.password}
          labelAside={
            // Seed 001 §2: the link leads nowhere.
            <a href="#" onClick={(event) => event.preventDefault()} className={`text-sm ${linkClass}`}>
              Forgot password?
            </a>
          }
        />
        <Button type="submit" className="w-full" disabled={isLoading}>
          {isLoading ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to="/register" className={linkClass}>
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
