import { zodResolver } from '@hookform/resolvers/zod';
import { inviteUserBody, requestInvitationBody } from '@kindling/contract';
import type { z } from 'zod';
import type { InvitationWho } from './invitationProblem.ts';

/** The invitation form's fields as typed (role from the select, blanks for unused links). */
export type InvitationInput = z.input<typeof requestInvitationBody>;
/** What the API receives: trimmed, role a number, Google Scholar only for faculty. */
export type InvitationValues = z.output<typeof requestInvitationBody>;

/** The contract's own bodies, in the request ('your') and invite ('a') wording of SPEC §5. */
export const invitationResolvers = {
  your: zodResolver(requestInvitationBody),
  a: zodResolver(inviteUserBody),
} satisfies Record<InvitationWho, unknown>;
