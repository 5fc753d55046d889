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
}

/** The member a change is made by, as the session names them: what the audit log records. */
export type Actor = Pick<SessionContext, 'tenantId' | 'userId'>;
