import { useState } from 'react';
import type { z, ZodType } from 'zod';

export type FieldErrors = Record<string, string>;

/** First message per top-level field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The `{ errors: [{ path, message }] }` of an engine 400, if that is what came back. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const data = (error as { data?: unknown } | undefined)?.data;
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return {};
  return fieldErrors(
    errors.filter(
      (e): e is { path: string; message: string } => typeof e?.path === 'string' && typeof e?.message === 'string',
    ),
  );
}

/**
 * A form validated by one of the shared zod schemas: values, the first message per field, and
 * focus on the first invalid field when a submit fails. Editing a field clears its message.
 */
export function useForm<S extends ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
  idPrefix: string,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  /** The parsed values, or undefined after showing every field's message. */
  const validate = (): z.output<S> | undefined => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    showErrors(fieldErrors(result.error.issues));
    return undefined;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  /** Props for a field: id, error id and message. */
  const field = (name: keyof z.input<S> & string) => ({
    id: `${idPrefix}-${name}`,
    error: errors[name],
  });

  return { values, errors, set, validate, showErrors, reset, field };
}
