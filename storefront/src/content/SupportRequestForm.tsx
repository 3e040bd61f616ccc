import { supportFormSchema, type SupportForm } from '@contrail/shared/content/forms';
import { POLICY } from '@contrail/shared/content/policy';
import { useState } from 'react';
import { TextAreaField, TextField } from '../forms/fields';
import { toast } from '../ui/use-toast';
import { BookingReferenceField } from './BookingReferenceField';
import { HelpForm, SentNotice, SubmitRow } from './FormNotices';
import { useSupportRequestForm } from './use-support-request';

const INITIAL: SupportForm = { fullName: '', email: '', bookingReference: '', subject: '', message: '' };

/** Support → Contact Us (seed 001 §2), recorded for support staff by the engine. */
export function SupportRequestForm() {
  const [sent, setSent] = useState(false);
  const { form, submit, failure, isLoading } = useSupportRequestForm('support', supportFormSchema, INITIAL, () => {
    setSent(true);
    toast({ title: 'Request submitted', description: 'Our support team has received your request.' });
  });

  if (sent) {
    return (
      <SentNotice title="Request submitted" onAgain={() => setSent(false)}>
        Thank you. Our support team has your request and will reply by email {POLICY.emailResponse}.
      </SentNotice>
    );
  }

  return (
    <HelpForm label="Support request" onSubmit={submit}>
      <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <BookingReferenceField optional {...form.field('bookingReference')} />
      <TextField label="Subject" {...form.field('subject')} />
      <TextAreaField wrapperClassName="sm:col-span-2" label="Message" {...form.field('message')} />
      <SubmitRow failure={failure} busy={isLoading} label="Submit Request" busyLabel="Submitting..." />
    </HelpForm>
  );
}
