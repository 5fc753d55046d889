import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { type NotificationKind, notificationKinds } from '@kindling/contract';

/**
 * The token of a notification mail's one-click unsubscribe (CONTRACT §9, RFC 8058): it names the
 * member, their tenant and the kinds the mail carried (one for an immediate mail, every kind a
 * digest gathered), signed with a key derived from SECRET_KEY so that nobody can make one for
 * another member. It does not expire: a mail read months later must still unsubscribe.
 */
interface Unsubscribe {
  tenantId: number;
  userId: number;
  kinds: NotificationKind[];
}

const VERSION = 'u1';

export interface UnsubscribeTokens {
  sign(unsubscribe: Unsubscribe): string;
  /** The unsubscribe a token names, or null for anything not signed here. */
  verify(token: string): Unsubscribe | null;
}

const isKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (notificationKinds as readonly string[]).includes(value);

export function createUnsubscribeTokens(secretKey: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'kindling unsubscribe', 'hmac v1', 32));
  const mac = (body: string) =>
    createHmac('sha256', key).update(`${VERSION}.${body}`).digest('base64url');
  return {
    sign({ tenantId, userId, kinds }) {
      const body = Buffer.from(JSON.stringify([tenantId, userId, kinds])).toString('base64url');
      return `${VERSION}.${body}.${mac(body)}`;
    },
    verify(token) {
      const [version, body, signature] = token.split('.');
      if (version !== VERSION || !body || !signature) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [tenantId, userId, kinds] = JSON.parse(Buffer.from(body, 'base64url').toString());
        if (!Number.isInteger(tenantId) || !Number.isInteger(userId)) return null;
        if (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every(isKind)) return null;
        return { tenantId, userId, kinds };
      } catch {
        return null;
      }
    },
  };
}

/** The headers every notification mail carries (CONTRACT §9). */
export function unsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${publicUrl}/api/v1/unsubscribe?token=${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
