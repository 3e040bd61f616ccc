import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** Shown at the end of the label row (e.g. a "Forgot password" link). */
  labelAside?: ReactNode;
}

/** A labelled input whose error sits beneath it and marks it invalid. */
export function TextField({ label, value, onValueChange, error, labelAside, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
          'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
          error ? 'border-destructive' : 'border-border',
        )}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
