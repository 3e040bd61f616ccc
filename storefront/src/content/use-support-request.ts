import type { SupportRequestInput, SupportRequestKind } from '@contrail/shared/content/forms';
import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../app/api-error';
import { useZodForm } from '../forms/use-zod-form';
import { useSendSupportRequestMutation } from './supportApi';

/**
 * A help-page form whose submit records a support request of `kind`: the engine's field errors go
 * under the fields, its message to `failure`; once recorded, `onSent` hears what was sent.
 */
export function useSupportRequestForm<S extends z.ZodType<FieldValues, FieldValues>>(
  kind: SupportRequestKind,
  schema: S,
  initial: DefaultValues<z.input<S>>,
  onSent: (input: z.output<S>) => void,
) {
  const form = useZodForm(schema, initial);
  const [send, { isLoading }] = useSendSupportRequestMutation();
  const [failure, setFailure] = useState<string>();

  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    const result = await send({ kind, ...input } as unknown as SupportRequestInput);
    if (result.error) {
      form.showServerErrors(result.error);
      setFailure(errorMessage(result.error));
      return;
    }
    onSent(input);
    form.reset();
  });

  return { form, submit, failure, isLoading };
}
