import { useId } from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { isHexColour } from '@contrail/shared/brand/brand';
import { fullHex } from './brand-draft';

interface ColourFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** A colour as a picker and as hex text, kept in step; the text may be half typed. */
export function ColourField({ label, value, onValueChange, error }: ColourFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const valid = isHexColour(value);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={valid ? fullHex(value) : '#000000'}
          onChange={(event) => onValueChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-[var(--radius)] border border-border bg-background p-1"
        />
        <input
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value.trim())}
          spellCheck={false}
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'h-10 w-full min-w-0 rounded-[var(--radius)] border bg-background px-3 font-mono text-sm text-foreground uppercase',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
            error ? 'border-destructive' : 'border-border',
          )}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
