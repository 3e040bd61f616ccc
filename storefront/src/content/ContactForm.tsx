import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  contactFormSchema,
  type ContactForm as ContactFormValues,
} from '@contrail/shared/content/forms';
import { POLICY } from '@contrail/shared/content/policy';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { TextAreaField, TextField, SelectField } from './fields';
import { SendFailedNotice, SentNotice } from './FormNotices';
import { requestErrorMessage } from './request-error';
import { useSendSupportRequestMutation } from './supportApi';
import { serverFieldErrors, useForm } from './use-form';

const INITIAL: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  reason: '' as ContactFormValues['reason'],
  bookingReference: '',
  message: '',
  preferredContact: 'email',
  privacyConsent: false as true,
};

/** The Contact page's form (seed 001 §2), recorded for support staff by the engine. */
export function ContactForm() {
  const form = useForm(contactFormSchema, INITIAL, 'contact');
  const [send, { isLoading }] = useSendSupportRequestMutation();
  const [failure, setFailure] = useState<string>();
  const [sentTo, setSentTo] = useState<{ name: string; by: 'email' | 'phone' }>();
  const { values, set, field } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const input = form.validate();
    if (!input) return;
    const result = await send({ kind: 'contact', ...input });
    if (result.error) {
      form.showErrors(serverFieldErrors(result.error));
      setFailure(requestErrorMessage(result.error));
      return;
    }
    setSentTo({ name: input.firstName, by: input.preferredContact });
    toast({ title: 'Message sent', description: 'Our support team has received your message.' });
    form.reset();
  }

  if (sentTo) {
    return (
      <SentNotice title={`Thank you, ${sentTo.name}`} onAgain={() => setSentTo(undefined)}>
        Your message has reached our support team.{' '}
        {sentTo.by === 'phone'
          ? 'We will call you back as soon as possible.'
          : `We reply by email ${POLICY.emailResponse}.`}
      </SentNotice>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Contact form">
      <TextField
        {...field('firstName')}
        label="First name"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(e) => set('firstName', e.target.value)}
      />
      <TextField
        {...field('lastName')}
        label="Last name"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(e) => set('lastName', e.target.value)}
      />
      <TextField
        {...field('email')}
        type="email"
        label="Email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <TextField
        {...field('phone')}
        type="tel"
        label="Phone"
        optional={values.preferredContact !== 'phone'}
        autoComplete="tel"
        value={values.phone ?? ''}
        onChange={(e) => set('phone', e.target.value)}
      />
      <SelectField
        {...field('reason')}
        label="Reason for contacting us"
        value={values.reason}
        onChange={(e) => set('reason', e.target.value as ContactFormValues['reason'])}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {CONTACT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {CONTACT_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextField
        {...field('bookingReference')}
        label="Booking reference"
        optional
        hint="The 8-character reference on your confirmation"
        autoCapitalize="characters"
        value={values.bookingReference ?? ''}
        onChange={(e) => set('bookingReference', e.target.value)}
      />
      <TextAreaField
        {...field('message')}
        wrapperClassName="sm:col-span-2"
        label="Message"
        value={values.message}
        onChange={(e) => set('message', e.target.value)}
      />

      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Preferred contact method</legend>
        <div className="flex flex-wrap gap-6">
          {(['email', 'phone'] as const).map((method) => (
            <label key={method} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="preferredContact"
                value={method}
                checked={values.preferredContact === method}
                onChange={() => set('preferredContact', method)}
                className="h-4 w-4 accent-[var(--brand-primary-surface)]"
              />
              {method === 'email' ? 'Email' : 'Phone'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="sm:col-span-2">
        <label className="inline-flex items-start gap-3 text-sm">
          <input
            id="contact-privacyConsent"
            type="checkbox"
            checked={values.privacyConsent === true}
            onChange={(e) => set('privacyConsent', e.target.checked as true)}
            aria-invalid={field('privacyConsent').error ? true : undefined}
            aria-describedby={field('privacyConsent').error ? 'contact-privacyConsent-error' : undefined}
            className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--brand-primary-surface)]"
          />
          <span>
            I agree that my details are used to answer my message, as described in the{' '}
            <Link to="/privacy" className="font-medium text-primary-text underline">
              Privacy Policy
            </Link>
            .
          </span>
        </label>
        <FieldError id="contact-privacyConsent-error" message={field('privacyConsent').error} />
      </div>

      {failure && (
        <div className="sm:col-span-2">
          <SendFailedNotice message={failure} />
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isLoading} className="w-full sm:w-auto">
          {isLoading && <Spinner className="h-4 w-4" />}
          {isLoading ? 'Sending...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
