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
