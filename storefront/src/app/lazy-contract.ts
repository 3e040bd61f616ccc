import type { StandardSchemaV1 } from '@standard-schema/spec';
import { setZodEnglish } from './zod-english';

/** A shared contract whose module (and zod) is fetched on demand. */
export type LazyContract<Input, Output> = StandardSchemaV1<Input, Output> & {
  /** Starts fetching the module: called as the endpoint's request starts, so both travel together. */
  prefetch: () => void;
};

/**
 * A shared contract that arrives beside its endpoint's first call instead of in the page's first
 * JS: its module (and zod) is fetched when that call starts (`answerContract`, or `prefetch()` in a
 * `queryFn`), in parallel with the request, and RTK Query awaits the asynchronous check. Nothing is
 * fetched for an endpoint the page never calls (issue 38). A failed fetch is tried again at the
 * next answer, which meanwhile fails as any unreadable answer does.
 */
export function lazyContract<Input, Output>(
  load: () => Promise<StandardSchemaV1<Input, Output>>,
): LazyContract<Input, Output> {
  let loading: Promise<StandardSchemaV1<Input, Output>> | undefined;
  const schema = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    prefetch: () => void schema().catch(() => {}),
    '~standard': {
      version: 1,
      vendor: 'contrail',
      validate: async (value) => {
        const contract = (await schema())['~standard'];
        const result = await contract.validate(value);
        // A first page loads zod/mini alone, without English messages: they come with a broken answer.
        return result.issues && (await setZodEnglish()) ? contract.validate(value) : result;
      },
    },
  };
}

/** An endpoint's answer contract (`rawResponseSchema`), fetched as the endpoint's request starts. */
export function answerContract<Input, Output>(contract: LazyContract<Input, Output>) {
  return { rawResponseSchema: contract, onQueryStarted: () => contract.prefetch() };
}
