import { useState } from 'react';
import type { ZodType } from 'zod';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

function firstErrors<Values>(schema: ZodType, values: Values): FieldErrors<Values> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<Values>;
}

/**
 * A form checked by a shared zod schema (the one the engine uses too). Errors appear on the first
 * submit and then follow each change; `setErrors` shows the engine's own field errors.
 */
export function useZodForm<Values extends Record<string, unknown>>(schema: ZodType, initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);

  function setField<Key extends keyof Values>(key: Key, value: Values[Key]) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(firstErrors(schema, next));
  }

  /** True when the values pass; otherwise shows every field's first error. */
  function validate(): boolean {
    setSubmitted(true);
    const found = firstErrors(schema, values);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function reset() {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  }

  return { values, errors, setField, validate, setErrors, reset };
}
