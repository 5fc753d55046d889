import { identityProviderBody, identityProviderUpdateBody } from '@kindling/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { formFieldOf, type ProviderFormValues, toRequestBody } from './providerForm.ts';

/**
 * The contract's own schemas judge the form: what the form holds is first made into the body it
 * would send (a blank secret or metadata left out), so the messages are the server's. An issue of
 * one domain in the list is shown on the domains field; a metadata issue on the source chosen.
 */
export function providerResolver(editing: boolean): Resolver<ProviderFormValues> {
  const schema = editing ? identityProviderUpdateBody : identityProviderBody;
  return async (values) => {
    const parsed = schema.safeParse(toRequestBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      let field = formFieldOf(issue.path.join('.'));
      if (field === 'metadata_xml' || field === 'metadata_url') {
        field = values.metadata_source === 'url' ? 'metadata_url' : 'metadata_xml';
      }
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<ProviderFormValues> };
  };
}
