import { type NotificationKind, notificationKinds } from '@kindling/contract';

const isKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (notificationKinds as readonly string[]).includes(value);

/**
 * The kinds an unsubscribe token names, read without checking its signature, only to say which
 * mail the screen is about before the member decides (the server checks it when they do). A token
 * that cannot be read answers an empty list, and the screen speaks of "these e-mails".
 */
export function kindsOfToken(token: string): NotificationKind[] {
  try {
    const body = token.split('.')[1] ?? '';
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const kinds: unknown = JSON.parse(json)[2];
    return Array.isArray(kinds) && kinds.every(isKind) ? kinds : [];
  } catch {
    return [];
  }
}
