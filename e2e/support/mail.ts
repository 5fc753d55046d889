import { type APIRequestContext, expect } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest mail to `address` whose text matches `pattern`, read from the development outbox
 * (CONTRACT §2 /dev/mail). Mails are written with the change that causes them, so a short wait
 * only covers the request still being answered.
 */
async function mailTo(request: APIRequestContext, address: string, pattern: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect(async () => {
    const answer = await request.get('/dev/mail.json');
    expect(answer.ok()).toBe(true);
    const { mails } = (await answer.json()) as { mails: Mail[] };
    found = mails.find((m) => m.to.toLowerCase() === address.toLowerCase() && pattern.test(m.text));
    expect(found, `a mail to ${address} matching ${pattern}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found as Mail;
}

const CLAIM_LINK = /\/accept-invitation\?token=[^\s]+/;

/** The path and query of the claim link in the newest claim mail to `address` (CONTRACT §4). */
export async function claimLinkFor(request: APIRequestContext, address: string): Promise<string> {
  const mail = await mailTo(request, address, CLAIM_LINK);
  return (mail.text.match(CLAIM_LINK) as RegExpMatchArray)[0];
}

/** The 6-digit code, on a line of its own, of the newest reset mail to `address`. */
export async function resetCodeFor(request: APIRequestContext, address: string): Promise<string> {
  const mail = await mailTo(request, address, /^\d{6}$/m);
  return (mail.text.match(/^\d{6}$/m) as RegExpMatchArray)[0];
}

const UNSUBSCRIBE_LINK = /\/unsubscribe\?token=[^\s]+/;

/**
 * The path and query of the unsubscribe screen's link in the newest notification mail to `address`
 * that mentions `about` (CONTRACT §9: `/unsubscribe?token=…&tenant={domain}`).
 */
export async function unsubscribeLinkFor(
  request: APIRequestContext,
  address: string,
  about: string,
): Promise<string> {
  const mentions = new RegExp(about.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const mail = await mailTo(request, address, mentions);
  const link = mail.text.match(UNSUBSCRIBE_LINK);
  expect(link, `an unsubscribe link in the mail to ${address}`).not.toBeNull();
  return (link as RegExpMatchArray)[0];
}
