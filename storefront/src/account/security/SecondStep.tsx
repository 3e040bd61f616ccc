import type { SecondStepNeeded } from '@contrail/shared/accounts/two-factor';
import { useState } from 'react';
import { AuthCard } from '../../ui/AuthCard';
import { RecoveryCodes } from './RecoveryCodes';
import { SignInCodeStep } from './SignInCodeStep';
import { TotpEnrolment } from './TotpEnrolment';

/**
 * /login after a right password when two-factor authentication is on (a code) or required and not
 * set up yet (enrolment first): nobody is signed in until this step passes.
 */
export function SecondStep({ step, onSignedIn }: { step: SecondStepNeeded['twoFactor']; onSignedIn(): void }) {
  const [codes, setCodes] = useState<string[]>();
  if (step === 'code') {
    return (
      <AuthCard title="Two-Factor Authentication" subtitle="One more step to sign in.">
        <SignInCodeStep onSignedIn={onSignedIn} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set Up Two-Factor Authentication"
      subtitle="Your account requires a code from an authenticator app. Set it up to finish signing in."
    >
      {codes ? (
        <RecoveryCodes codes={codes} doneLabel="Continue" onDone={onSignedIn} />
      ) : (
        <TotpEnrolment atSignIn onEnrolled={setCodes} />
      )}
    </AuthCard>
  );
}
