import { formatRecoveryCode } from '@contrail/shared/accounts/two-factor';
import { Button } from '../../ui/button';

/** The recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  return (
    <div className="space-y-4">
      <div role="status">
        <h3 className="text-base font-semibold text-foreground">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Each code signs you in once if you lose your authenticator app. Keep them somewhere safe: they are not shown
          again.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="text-foreground">
            {formatRecoveryCode(code)}
          </li>
        ))}
      </ol>
      <Button type="button" onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
