import type { Deps } from '../context.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.ts';

/** What an immediate notification mail is made with: the mailer, the links' origin and tokens. */
export interface NotificationMail {
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

const made = new WeakMap<object, NotificationMail | null>();

/**
 * The deployment's notification mail, made once per set of server parts (the unsubscribe key is
 * derived from SECRET_KEY); null where nothing is mailed (the demo seed's parts). A service that
 * notifies passes it to the notice in its transaction, and nudges the mailer after the commit when
 * the notice says it queued mail.
 */
export function notificationMailOf(deps: Pick<Deps, 'mailer' | 'config'>): NotificationMail | null {
  let mail = made.get(deps);
  if (mail === undefined) {
    mail = deps.mailer.mailsNotifications
      ? {
          mailer: deps.mailer,
          publicUrl: deps.config.publicUrl,
          tokens: createUnsubscribeTokens(deps.config.secretKey),
        }
      : null;
    made.set(deps, mail);
  }
  return mail;
}
