import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody, resetPasswordBody } from '@kindling/contract';
import type { z } from 'zod';

/** The two steps' fields, from the contract's bodies; the e-mail and tenant come from the page. */
export const initiateSchema = forgotPasswordBody.pick({ email: true });
export const verifySchema = resetPasswordBody.pick({ code: true, password: true });

export type InitiateInput = z.input<typeof initiateSchema>;
export type InitiateValues = z.output<typeof initiateSchema>;
export type VerifyInput = z.input<typeof verifySchema>;
export type VerifyValues = z.output<typeof verifySchema>;

export const initiateResolver = zodResolver(initiateSchema);
export const verifyResolver = zodResolver(verifySchema);
