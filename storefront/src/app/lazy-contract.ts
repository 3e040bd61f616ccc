import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A shared contract that arrives beside the first call instead of in the page's first JS: its
 * module (and zod) is fetched when the endpoint's module runs, in parallel with the page's first
 * request, and RTK Query awaits the asynchronous check. A failed fetch is tried again at the next
 * answer, which meanwhile fails as any unreadable answer does.
 */
export function lazyContract<Input, Output>(
  load: () => Promise<StandardSchemaV1<Input, Output>>,
): StandardSchemaV1<Input, Output> {
  let loading: Promise<StandardSchemaV1<Input, Output>> | undefined;
  const schema = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  schema().catch(() => {});
  return {
    '~standard': {
      version: 1,
      vendor: 'contrail',
      validate: async (value) => (await schema())['~standard'].validate(value),
    },
  };
}
