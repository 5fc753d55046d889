import type {
  NotificationSettings,
  NotificationSettingsInput,
  UnsubscribeAnswer,
} from '@kindling/contract';
import { api } from '../api/client.ts';

/** CONTRACT §9's mail settings, one query per member (the session changes the cache's owner). */
export const mailSettingsKey = ['notification-settings'] as const;

export const fetchMailSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<NotificationSettings>('/notification-settings', { signal });

export const putMailSettings = (changes: NotificationSettingsInput) =>
  api.put<NotificationSettings>('/notification-settings', { body: changes });

/** The mail's one-click unsubscribe, sent by the screen with its tenant, which must be the token's. */
export const postUnsubscribe = (token: string, tenantId: number) =>
  api.post<UnsubscribeAnswer>('/unsubscribe', { query: { token, tenant_id: tenantId } });
