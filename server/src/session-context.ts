/** The signed-in member, resolved from the session cookie before any route runs. */
export interface SessionContext {
  sessionId: number;
  tenantId: number;
  userId: number;
  subject: string;
  permissions: string[];
  remember: boolean;
  issuedAt: Date;
  expiresAt: Date;
  /**
   * CONTRACT §11: an administrator without a second factor in a tenant that requires one: every
   * route but those that set it up answers 403 MFA_SETUP_REQUIRED (http/access.ts).
   */
  mfaSetupRequired: boolean;
}

/** The member a change is made by, as the session names them: what the audit log records. */
export type Actor = Pick<SessionContext, 'tenantId' | 'userId'>;
