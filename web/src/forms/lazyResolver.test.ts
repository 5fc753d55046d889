import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazyResolver.ts';

type Values = { email: string };

const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the schema once, on first use or preload, and validates with it', async () => {
    const load = vi.fn(async () => valid);
    const { resolver, preload } = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();

    preload();
    const result = await resolver({ email: 'a@b.co' }, undefined, options);
    await resolver({ email: 'c@d.co' }, undefined, options);

    expect(result).toEqual({ values: { email: 'a@b.co' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed, instead of failing every validation', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(valid);
    const { resolver, preload } = lazyResolver<Values, Values>(load);

    preload();
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).rejects.toThrow(TypeError);
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
