import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';

const controlClass = (error: string | undefined) =>
  cn(
    'h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
    'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
    error ? 'border-destructive' : 'border-border',
  );

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

type InputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'> & {
    value: string;
    onValueChange: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled input; its error sits beneath it and marks it invalid (seed 001 §5). */
export function InputField({ label, error, hint, className, value, onValueChange, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass(error)}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
      {hint}
    </div>
  );
}

interface SelectProps extends FieldProps {
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}

export function SelectField({ label, error, className, value, onValueChange, options, placeholder }: SelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass(error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
