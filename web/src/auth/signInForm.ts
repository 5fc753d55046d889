import { zodResolver } from '@hookform/resolvers/zod';
import { signInBody } from '@kindling/contract';
import type { z } from 'zod';

/** The sign-in form's part of the contract's sign-in body; the tenant comes from the page. */
const signInFormSchema = signInBody.pick({
  email: true,
  password: true,
  remember_session: true,
});
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormValues = z.output<typeof signInFormSchema>;

export const signInResolver = zodResolver(signInFormSchema);
