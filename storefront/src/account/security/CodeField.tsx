import type { ComponentProps } from 'react';
import { TextField } from '../../forms/fields';

/** The one field a code is typed in: the app's 6 digits (or, where allowed, a recovery code). */
export function CodeField({ recovery, ...props }: ComponentProps<typeof TextField> & { recovery: boolean }) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      maxLength={recovery ? 11 : 6}
      hint={recovery ? 'The 6-digit code from your authenticator app, or one of your recovery codes.' : undefined}
      wrapperClassName="max-w-sm"
      {...props}
    />
  );
}
