import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../context.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.ts';

/** What an immediate notification mail is made with: the tenant's mailer, links and tokens. */
export interface NotificationMail {
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

interface Scope {
  mail: NotificationMail;
  /** Set when a notification queued mail, so the worker is nudged once the request is done. */
  queued: boolean;
}

/**
 * notify() is called inside the transactions of five features' services, which hold a
 * transaction and no server parts; its signature stays (tx, tenant, recipients, notice, at), and
 * the mail settings it needs reach it through the request's scope instead. Outside a scope (the
 * demo seed, tests of the list alone) notify() writes the notifications and mails nothing.
 */
const scope = new AsyncLocalStorage<Scope>();

export function notificationMailOf(deps: Deps): NotificationMail {
  return {
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    tokens: createUnsubscribeTokens(deps.config.secretKey),
  };
}

/** Runs `work` with notification mail on, then nudges the worker if it queued any. */
export async function withNotificationMail<T>(
  mail: NotificationMail,
  work: () => Promise<T>,
): Promise<T> {
  const current: Scope = { mail, queued: false };
  const result = await scope.run(current, work);
  // Only now has the transaction that queued the mail committed: the worker can find it.
  if (current.queued) mail.mailer.nudge();
  return result;
}

/** Every API request may notify, so every API request runs in the scope. */
export function notificationMailScope(deps: Deps): MiddlewareHandler {
  const mail = notificationMailOf(deps);
  return (_c, next) => withNotificationMail(mail, next);
}

/** The scope's mail settings; undefined outside a scope. */
export function notificationMailInScope(): NotificationMail | undefined {
  return scope.getStore()?.mail;
}

/** Says that the scope's transaction queued mail, for the worker to be nudged after it. */
export function notificationMailQueued(): void {
  const current = scope.getStore();
  if (current) current.queued = true;
}
