import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver whose schema module, and zod with it, loads on first use rather than with the
 * screen: the first signed-out screens then fit their script budget. `preload` starts the load
 * once the screen has painted, so the first validation rarely waits.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): { resolver: Resolver<Input, unknown, Output>; preload(): void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk load is retried on the next validation instead of failing forever.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => {});
    },
  };
}
