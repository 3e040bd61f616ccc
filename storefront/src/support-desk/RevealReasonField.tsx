import { useId } from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';

/** Why staff want travellers' personal data shown: asked before it is, and recorded with their name. */
export function RevealReasonField({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="mt-0.5 text-xs text-muted-foreground">
        {hint}
      </p>
      <input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={500}
        autoComplete="off"
        // The form opens because the user asked for it: the reason is what they type next.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
        className={cn(
          'mt-2 h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
          error ? 'border-destructive' : 'border-border',
        )}
      />
      <FieldError id={`${inputId}-error`} message={error} />
    </>
  );
}
