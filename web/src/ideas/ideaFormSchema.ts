import { zodResolver } from '@hookform/resolvers/zod';
import { type IdeaValues, ideaBody } from '@kindling/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { type IdeaFormValues, ideaInputOf } from './ideaFormRules.ts';

const contractResolver = zodResolver(ideaBody);

/**
 * The contract's idea schema as the form's resolver; loaded apart so zod waits for first use.
 * The form holds each patent number as a row, so the numbers go to the schema as its list and
 * their failures come back onto the rows' inputs.
 */
export const ideaResolver: Resolver<IdeaFormValues, unknown, IdeaValues> = async (
  values,
  context,
  options,
) => {
  const result = await contractResolver(ideaInputOf(values), context, options as never);
  const patents = result.errors.patents as (FieldError | undefined)[] | undefined;
  if (!Array.isArray(patents))
    return result as Awaited<ReturnType<Resolver<IdeaFormValues, unknown, IdeaValues>>>;
  const rows = Object.assign(
    patents.map((error) => error && { number: error }),
    { root: (patents as { root?: FieldError }).root },
  );
  return { values: {}, errors: { ...result.errors, patents: rows } as FieldErrors<IdeaFormValues> };
};
