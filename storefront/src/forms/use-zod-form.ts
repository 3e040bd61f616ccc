import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { toApiError } from '../app/api-error';

type Schema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** Spread on a field of the kit: registers it and passes its message. */
  field: (
    name: FieldPath<z.input<S>>,
    options?: RegisterOptions<z.input<S>, FieldPath<z.input<S>>>,
  ) => ReturnType<UseFormReturn<z.input<S>>['register']> & { error?: string };
  /** The message under `name`, if any. */
  errorOf: (name: FieldPath<z.input<S>>) => string | undefined;
  /** Shows the engine's field errors ({ errors: [{ path, message }] }) under the fields they name. */
  showServerErrors: (error: unknown) => void;
};

/**
 * The storefront's one form layer: react-hook-form checked by a shared zod schema (the one the
 * engine uses too). Messages appear on the first submit, then follow every change, so each one
 * clears as soon as its field is valid; a failed submit focuses the first invalid field.
 */
export function useZodForm<S extends Schema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { focusError = true }: { focusError?: boolean } = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: focusError,
  });
  const errorOf = (name: FieldPath<z.input<S>>): string | undefined => {
    const message = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return {
    ...form,
    field: (name, options) => ({ ...form.register(name, options), error: errorOf(name) }),
    errorOf,
    showServerErrors: (error) => {
      for (const [path, message] of Object.entries(toApiError(error).fieldErrors)) {
        form.setError(path as FieldPath<z.input<S>>, { type: 'server', message }, { shouldFocus: true });
      }
    },
  };
}
