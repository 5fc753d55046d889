import { zodResolver } from '@hookform/resolvers/zod';
import { passwordField } from '@kindling/contract';
import { z } from 'zod';

export interface SetPasswordInput {
  password: string;
}

/** The claim flow's password rule (SPEC §5), failing with the tenant's own words for it. */
export function setPasswordResolver(message: string) {
  return zodResolver(z.object({ password: passwordField(message) }));
}
