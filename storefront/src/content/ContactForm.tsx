import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  contactFormSchema,
  type ContactForm as ContactFormValues,
} from '@contrail/shared/content/forms';
import { POLICY } from '@contrail/shared/content/policy';
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../forms/fields';
import { toast } from '../ui/use-toast';
import { BookingReferenceField } from './BookingReferenceField';
import { HelpForm, SentNotice, SubmitRow } from './FormNotices';
import { useSupportRequestForm } from './use-support-request';

const INITIAL: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  reason: '' as ContactFormValues['reason'],
  bookingReference: '',
  message: '',
  preferredContact: 'email',
  privacyConsent: false,
};

const reasonOptions = CONTACT_REASONS.map((reason) => ({ value: reason, label: CONTACT_REASON_LABELS[reason] }));

/** The Contact page's form (seed 001 §2), recorded for support staff by the engine. */
export function ContactForm() {
  const [sentTo, setSentTo] = useState<{ name: string; by: 'email' | 'phone' }>();
  const { form, submit, failure, isLoading } = useSupportRequestForm('contact', contactFormSchema, INITIAL, (input) => {
    setSentTo({ name: input.firstName, by: input.preferredContact });
    toast({ title: 'Message sent', description: 'Our support team has received your message.' });
  });
  const byPhone = form.watch('preferredContact') === 'phone';

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
    <HelpForm label="Contact form" onSubmit={submit}>
      <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Phone" type="tel" optional={!byPhone} autoComplete="tel" {...form.field('phone')} />
      <SelectField
        label="Reason for contacting us"
        placeholder="Choose a reason"
        options={reasonOptions}
        {...form.field('reason')}
      />
      <BookingReferenceField optional {...form.field('bookingReference')} />
      <TextAreaField wrapperClassName="sm:col-span-2" label="Message" {...form.field('message')} />

      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Preferred contact method</legend>
        <div className="flex flex-wrap gap-6">
          {(['email', 'phone'] as const).map((method) => (
            <label key={method} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                value={method}
                {...form.register('preferredContact', { deps: ['phone'] })}
                className="h-4 w-4 accent-[var(--brand-primary-surface)]"
              />
              {method === 'email' ? 'Email' : 'Phone'}
            </label>
          ))}
        </div>
      </fieldset>

      <CheckboxField
        wrapperClassName="sm:col-span-2"
        {...form.field('privacyConsent')}
        label={
          <>
            I agree that my details are used to answer my message, as described in the{' '}
            <Link to="/privacy" className="font-medium text-primary-text underline">
              Privacy Policy
            </Link>
            .
          </>
        }
      />

      <SubmitRow failure={failure} busy={isLoading} label="Submit" busyLabel="Sending..." />
    </HelpForm>
  );
}
