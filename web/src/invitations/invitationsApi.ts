import type {
  createdAnswer,
  InvitedUserRecord,
  messageAnswer,
  requestInvitationAnswer,
  userStatusBody,
} from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';
import type { InvitationValues } from './invitationForms.ts';

/**
 * The form's values as the API takes them: the schema's output says 'no Google Scholar' with
 * null, which the same schema on the server does not accept as input, so it is left out instead.
 */
const invitationBody = ({ google_scholar_url, ...rest }: InvitationValues) =>
  google_scholar_url === null ? rest : { ...rest, google_scholar_url };

export function requestInvitation(
  tenantId: number,
  values: InvitationValues,
): Promise<z.infer<typeof requestInvitationAnswer>> {
  return api.post('/request-invitation', {
    query: { tenant_id: tenantId },
    body: { ...invitationBody(values), tenant_id: tenantId },
  });
}

export function inviteUser(
  invitedUserId: number,
  values: InvitationValues,
): Promise<z.infer<typeof createdAnswer>> {
  return api.post('/invite-user', {
    body: { ...invitationBody(values), invited_user_id: invitedUserId },
  });
}

/** A claim link's token and tenant, as the link carries them (CONTRACT §4). */
export interface ClaimLink {
  token: string;
  tenantId: number;
}

export function verifyToken(link: ClaimLink, signal?: AbortSignal): Promise<InvitedUserRecord> {
  return api.get('/verify-token', {
    query: { token: link.token, tenant_id: link.tenantId },
    signal,
  });
}

export function updateInvitationStatus(
  link: ClaimLink,
  userId: number,
  status: z.infer<typeof userStatusBody>['status'],
): Promise<z.infer<typeof messageAnswer>> {
  return api.put(`/users/${userId}/status`, {
    query: { tenant_id: link.tenantId, token: link.token },
    body: { status },
  });
}

export function claimProfile(
  link: ClaimLink,
  password: string,
): Promise<z.infer<typeof messageAnswer>> {
  return api.post('/auth/claim', {
    body: { token: link.token, tenant_id: link.tenantId, password },
  });
}
