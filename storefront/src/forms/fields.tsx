import {
  useId,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';

/** Every text control's look; invalid controls get the error border. Phones get 16 px text (no zoom). */
export const controlClass = cn(
  'block w-full min-w-0 rounded-[var(--radius)] border border-border bg-background px-3 text-base text-foreground sm:text-sm',
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
  'aria-[invalid=true]:border-destructive-text',
);

interface FieldShellProps {
  /** The control's id; one is made when not given. */
  id?: string | undefined;
  label: ReactNode;
  /** The validation message shown beneath the field; it marks the control invalid. */
  error?: string | undefined;
  /** Help (or a warning) beneath the field while it has no error. */
  hint?: ReactNode;
  optional?: boolean | undefined;
  /** Shown at the end of the label row (e.g. a "Forgot password" link). */
  labelAside?: ReactNode;
  /** Classes of the wrapper (grid placement). */
  wrapperClassName?: string | undefined;
}

interface ShellParts {
  id: string;
  /** Props the control needs: id, aria-invalid and aria-describedby. */
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
}

function useShell({ id: given, error, hint }: FieldShellProps): ShellParts {
  const made = useId();
  const id = given ?? made;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return {
    id,
    control: {
      id,
      ...(error && { 'aria-invalid': true as const }),
      ...(describedBy && { 'aria-describedby': describedBy }),
    },
  };
}

function FieldShell({
  id,
  label,
  error,
  hint,
  optional,
  labelAside,
  wrapperClassName,
  children,
}: FieldShellProps & { id: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wrapperClassName)}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
          {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function shellProps<P extends FieldShellProps>(props: P): [FieldShellProps, Omit<P, keyof FieldShellProps>] {
  const { id, label, error, hint, optional, labelAside, wrapperClassName, ...rest } = props;
  return [{ id, label, error, hint, optional, labelAside, wrapperClassName }, rest];
}

type TextFieldProps = FieldShellProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input; its message sits beneath it and marks it invalid (seed 001 §5). */
export function TextField(props: TextFieldProps) {
  const [shell, { className, ...input }] = shellProps(props);
  const { id, control } = useShell(shell);
  return (
    <FieldShell {...shell} id={id}>
      <input className={cn(controlClass, 'h-11', className)} {...input} {...control} />
    </FieldShell>
  );
}

/** A password input (type="password"), as the account forms use it. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" {...props} />;
}

type TextAreaFieldProps = FieldShellProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField(props: TextAreaFieldProps) {
  const [shell, { className, ...input }] = shellProps(props);
  const { id, control } = useShell(shell);
  return (
    <FieldShell {...shell} id={id}>
      <textarea rows={5} className={cn(controlClass, 'py-2', className)} {...input} {...control} />
    </FieldShell>
  );
}

type SelectFieldProps = FieldShellProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    ref?: Ref<HTMLSelectElement>;
    options: ReadonlyArray<{ value: string; label: string }>;
    /** The empty first choice ("Select title"), when there is one. */
    placeholder?: string;
  };

export function SelectField(props: SelectFieldProps) {
  const [shell, { className, options, placeholder, ...select }] = shellProps(props);
  const { id, control } = useShell(shell);
  return (
    <FieldShell {...shell} id={id}>
      <select className={cn(controlClass, 'h-11', className)} {...select} {...control}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  error?: string | undefined;
  wrapperClassName?: string | undefined;
};

/** A checkbox with its label beside it and its message beneath. */
export function CheckboxField({ label, error, wrapperClassName, className, ...input }: CheckboxFieldProps) {
  const { id, control } = useShell({ id: input.id, label, error });
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className="inline-flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className={cn('mt-0.5 h-4 w-4 shrink-0 accent-[var(--brand-primary-surface)]', className)}
          {...input}
          {...control}
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type IconInputProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: ReactNode;
  /** "sr-only" for a label that only screen readers need. */
  labelClassName?: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
};

/** A labelled text control with an icon at its start (airport picker, help search). */
export function IconInput({ icon: Icon, label, labelClassName, className, ...input }: IconInputProps) {
  return (
    <>
      <label htmlFor={input.id} className={labelClassName ?? 'mb-1 block text-sm font-medium'}>
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Icon
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input className={cn(controlClass, 'pl-9', className)} {...input} />
      </div>
    </>
  );
}
