import { confirmEnrolmentSchema, type Enrolment } from '@contrail/shared/accounts/two-factor';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/api-error';
import { useZodForm } from '../../forms/use-zod-form';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/use-toast';
import { CodeField } from './CodeField';
import {
  useConfirmEnrolmentMutation,
  useConfirmSignInEnrolmentMutation,
  useStartEnrolmentMutation,
} from './twoFactorApi';

/** The engine's SVG as an image: a data: URL (allowed by the CSP's img-src), never markup in the page. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ScanStep({ enrolment }: { enrolment: Enrolment }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={qrSource(enrolment.qrSvg)}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="h-44 w-44 shrink-0 self-center rounded-md border border-border bg-white sm:self-start"
      />
      <div className="min-w-0 space-y-2 text-sm">
        <p className="text-foreground">
          1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft
          Authenticator...).
        </p>
        <p className="text-muted-foreground">Can't scan it? Enter this key in the app instead:</p>
        <code
          aria-label="Setup key"
          className="block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-foreground"
        >
          {grouped(enrolment.secret)}
        </code>
      </div>
    </div>
  );
}

function ConfirmStep({ atSignIn, onEnrolled }: { atSignIn: boolean; onEnrolled(codes: string[]): void }) {
  const [confirmSignedIn, signedIn] = useConfirmEnrolmentMutation();
  const [confirmAtSignIn, atSignInState] = useConfirmSignInEnrolmentMutation();
  const busy = signedIn.isLoading || atSignInState.isLoading;
  const form = useZodForm(confirmEnrolmentSchema, { code: '' });

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = atSignIn ? await confirmAtSignIn(values).unwrap() : await confirmSignedIn(values).unwrap();
      onEnrolled(answer.recoveryCodes);
    } catch (error) {
      const message = errorMessage(error, 'That code is not valid.');
      form.setValue('code', '');
      form.setError('code', { message }, { shouldFocus: true });
      toast({ title: 'Verification failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <CodeField label="2. Enter the 6-digit code the app shows" recovery={false} {...form.field('code')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify and enable'}
      </Button>
    </form>
  );
}

/**
 * TOTP enrolment: a new secret as a QR code and a key to type, confirmed by a first code. At sign-in
 * (the role requires it) confirming also signs in.
 */
export function TotpEnrolment({ atSignIn, onEnrolled }: { atSignIn: boolean; onEnrolled(codes: string[]): void }) {
  const [start, { data: enrolment, isError, error }] = useStartEnrolmentMutation();
  const [tries, setTries] = useState(0);
  // One secret per try: a second request (StrictMode's double effect) would replace the one shown.
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === tries) return;
    started.current = tries;
    void start({ atSignIn });
  }, [start, atSignIn, tries]);

  if (isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(error, 'Two-factor setup could not start.')}
        </p>
        <Button type="button" variant="outline" onClick={() => setTries((n) => n + 1)}>
          Try again
        </Button>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Preparing your QR code...
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <ScanStep enrolment={enrolment} />
      <ConfirmStep atSignIn={atSignIn} onEnrolled={onEnrolled} />
    </div>
  );
}
