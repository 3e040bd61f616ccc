import { subscribeFormSchema } from '@contrail/shared/content/forms';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { controlClass } from './fields';
import { requestErrorMessage } from './request-error';
import { useSendSupportRequestMutation } from './supportApi';
import { useForm } from './use-form';

/** The footer's Subscribe box: the sign-up is recorded by the engine, or the failure is said. */
export function SubscribeForm() {
  const form = useForm(subscribeFormSchema, { email: '' }, 'subscribe');
  const [send, { isLoading }] = useSendSupportRequestMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const error = form.field('email').error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(undefined);
    const input = form.validate();
    if (!input) return;
    const result = await send({ kind: 'subscribe', ...input });
    if (result.error) {
      setOutcome({ ok: false, text: `Not subscribed: ${requestErrorMessage(result.error)}` });
      return;
    }
    form.reset();
    setOutcome({ ok: true, text: `Subscribed: deals will be sent to ${input.email}.` });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3" aria-label="Subscribe to deals">
      <div className="flex gap-2">
        <label htmlFor="subscribe-email" className="sr-only">
          Email address
        </label>
        <input
          id="subscribe-email"
          type="email"
          autoComplete="email"
          placeholder="Your email"
          value={form.values.email}
          onChange={(e) => form.set('email', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'subscribe-email-error' : undefined}
          className={cn(controlClass, 'h-10 flex-1')}
        />
        <button type="submit" disabled={isLoading} className={buttonClass('primary', 'md')}>
          Subscribe
        </button>
      </div>
      <FieldError id="subscribe-email-error" message={error} />
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={cn('mt-2 text-sm', outcome.ok ? 'text-foreground' : 'text-destructive-text')}
        >
          {outcome.text}
        </p>
      )}
    </form>
  );
}
