import { ideaMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { formValuesOf } from './ideaFormRules.ts';
import { ideaResolver } from './ideaFormSchema.ts';

const options = { fields: {}, shouldUseNativeValidation: false };
const idea = {
  ...formValuesOf(),
  title: 'Soft electrodes',
  introduction: 'Electrodes that stretch with the skin.',
};

describe('ideaResolver', () => {
  it('gives the contract the patent rows as its list of numbers', async () => {
    const result = await ideaResolver(
      { ...idea, patents: [{ number: ' US 10,123,456 B2 ' }] },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ patents: ['US 10,123,456 B2'] });
  });

  it("puts a patent number's failure on its row's input", async () => {
    const result = await ideaResolver(
      { ...idea, patents: [{ number: 'US 1' }, { number: 'not a patent' }] },
      undefined,
      options,
    );
    expect(result.errors.patents?.[0]).toBeUndefined();
    expect(result.errors.patents?.[1]?.number?.message).toBe(ideaMessages.patentInvalid);
  });
});
