import type { AccountSession } from '@kindling/contract';
import type { LiveSessionRow } from './repository.ts';

/** CONTRACT §11's session, marked `current` when it is the one the call came with. */
export function presentSession(row: LiveSessionRow, currentId: number): AccountSession {
  return {
    id: row.id,
    created_at: row.issuedAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    user_agent: row.userAgent,
    current: row.id === currentId,
  };
}
