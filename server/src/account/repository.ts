import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions } from '../db/schema-auth.ts';

/** A live session of the member: not ended, not expired. */
const live = (tenantId: number, userId: number, now: Date) =>
  and(
    eq(sessions.tenantId, tenantId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

/** The member's live sessions, the most recently seen first; read on sessions_user_idx. */
export function liveSessions(db: Executor, tenantId: number, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      issuedAt: sessions.issuedAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(live(tenantId, userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}
export type LiveSessionRow = Awaited<ReturnType<typeof liveSessions>>[number];

/** Ends one live session of the member; false when they have none by that id. */
export async function endLiveSession(
  db: Executor,
  tenantId: number,
  userId: number,
  sessionId: number,
  now: Date,
) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live(tenantId, userId, now), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length === 1;
}
