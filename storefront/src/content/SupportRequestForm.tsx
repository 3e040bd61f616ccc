import { supportFormSchema, type SupportForm } from '@contrail/shared/content/forms';
import { POLICY } from '@contrail/shared/content/policy';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { TextAreaField, TextField } from './fields';
import { SendFailedNotice, SentNotice } from './FormNotices';
import { requestErrorMessage } from './request-error';
import { useSendSupportRequestMutation } from './supportApi';
import { serverFieldErrors, useForm } from './use-form';

const INITIAL: SupportForm = { fullName: '', email: '', bookingReference: '', subject: '', message: '' };

/** Support → Contact Us (seed 001 §2), recorded for support staff by the engine. */
export function SupportRequestForm() {
  const form = useForm(supportFormSchema, INITIAL, 'support');
  const [send, { isLoading }] = useSendSupportRequestMutation();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const { values, set, field } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const input = form.validate();
    if (!input) return;
    const result = await send({ kind: 'support', ...input });
    if (result.error) {
      form.showErrors(serverFieldErrors(result.error));
      setFailure(requestErrorMessage(result.error));
      return;
    }
    setSent(true);
    toast({ title: 'Request submitted', description: 'Our support team has received your request.' });
    form.reset();
  }

  if (sent) {
    return (
      <SentNotice title="Request submitted" onAgain={() => setSent(false)}>
        Thank you. Our support team has your request and will reply by email {POLICY.emailResponse}.
      </SentNotice>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Support request">
      <TextField
        {...field('fullName')}
        label="Full name"
        autoComplete="name"
        value={values.fullName}
        onChange={(e) => set('fullName', e.target.value)}
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
        {...field('bookingReference')}
        label="Booking reference"
        optional
        autoCapitalize="characters"
        value={values.bookingReference ?? ''}
        onChange={(e) => set('bookingReference', e.target.value)}
      />
      <TextField
        {...field('subject')}
        label="Subject"
        value={values.subject}
        onChange={(e) => set('subject', e.target.value)}
      />
      <TextAreaField
        {...field('message')}
        wrapperClassName="sm:col-span-2"
        label="Message"
        value={values.message}
        onChange={(e) => set('message', e.target.value)}
      />
      {failure && (
        <div className="sm:col-span-2">
          <SendFailedNotice message={failure} />
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isLoading} className="w-full sm:w-auto">
          {isLoading && <Spinner className="h-4 w-4" />}
          {isLoading ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </form>
  );
}
