import type { SessionAnswer, UserDetails } from '@kindling/contract';
import type { UserDetailsRow } from './repository.ts';

export function presentUserDetails(row: UserDetailsRow, remember: boolean): UserDetails {
  return {
    id: row.subject,
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    roleId: row.roleId,
    schoolName: row.schoolName,
    departmentName: row.departmentName,
    permissions: row.permissions,
    isRememberSession: remember,
  };
}

export function presentSession(
  row: UserDetailsRow,
  session: {
    tenantId: number;
    remember: boolean;
    issuedAt: Date;
    expiresAt: Date;
    mfaSetupRequired: boolean;
  },
): SessionAnswer {
  return {
    user: presentUserDetails(row, session.remember),
    session: {
      issued_at: session.issuedAt.toISOString(),
      auth_time: session.issuedAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      tenant_id: session.tenantId,
      mfa_setup_required: session.mfaSetupRequired,
    },
  };
}
