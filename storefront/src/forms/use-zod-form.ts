import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { toApiError } from '../app/api-error';

type Schema = z.ZodType<FieldValues, FieldValues>;

/** A schema, or a loader of one: a form that loads its schema on first check keeps zod out of its page's first load. */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

/** One resolver per schema (or loader), loaded once, with the first check. */
const resolvers = new WeakMap<object, Promise<Resolver<FieldValues, unknown, FieldValues>>>();

/**
 * The zod resolver and a schema given as a loader come with the form's first check, so neither
 * is in its page's first load.
 */
function resolverOf<S extends Schema>(source: SchemaSource<S>): Resolver<FieldValues, unknown, FieldValues> {
  return async (values, context, options) => {
    let resolver = resolvers.get(source);
    if (!resolver) {
      resolver = Promise.all([import('@hookform/resolvers/zod'), typeof source === 'function' ? source() : source])
        .then(([{ zodResolver }, schema]) => zodResolver(schema as never) as never)
        .catch((error: unknown) => {
          resolvers.delete(source); // a lost chunk is fetched again by the next check
          throw error;
        });
      resolvers.set(source, resolver);
    }
    return (await resolver)(values, context, options);
  };
}

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
 * engine uses too), given as it is or as a loader (`() => import(...)`) run by the first check.
 * Messages appear on the first submit, then follow every change, so each one clears as soon as
 * its field is valid; a failed submit focuses the first invalid field.
 */
export function useZodForm<S extends Schema>(
  schema: SchemaSource<S>,
  defaultValues: DefaultValues<z.input<S>>,
  { focusError = true }: { focusError?: boolean } = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: resolverOf(schema) as never,
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
