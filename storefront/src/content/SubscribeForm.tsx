import { subscribeFormSchema } from '@contrail/shared/content/forms';
import { useState } from 'react';
import { controlClass } from '../forms/fields';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { useSupportRequestForm } from './use-support-request';

/**
 * What a recorded sign-up means, truthfully (issue 33): no deal emails are sent yet, and the box
 * says so rather than promising a newsletter.
 */
const subscribedMessage = (email: string) =>
  `Noted: ${email}. We do not send deal emails yet, so nothing will be sent to you.`;

/** The footer's Subscribe box: the sign-up is recorded by the engine, or the failure is said. */
export function SubscribeForm() {
  const [subscribed, setSubscribed] = useState<string>();
  const { form, submit, failure, isLoading } = useSupportRequestForm(
    'subscribe',
    subscribeFormSchema,
    { email: '' },
    (input) => setSubscribed(input.email),
  );
  const { error, ...email } = form.field('email');
  const outcome = failure
    ? { ok: false, text: `Not subscribed: ${failure}` }
    : subscribed && { ok: true, text: subscribedMessage(subscribed) };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSubscribed(undefined);
        void submit(event);
      }}
      className="mt-3"
      aria-label="Subscribe to deals"
    >
      <div className="flex gap-2">
        <label htmlFor="subscribe-email" className="sr-only">
          Email address
        </label>
        <input
          id="subscribe-email"
          type="email"
          autoComplete="email"
          placeholder="Your email"
          {...email}
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
